// Writes plods as other versions of Plod stored them into a data folder's SQLite store, before any
// server runs on that folder: the server-side state the browser tests of migrations start from.
// Usage (from sync-server/): node --import tsx test/support/seed-schema-documents.ts <dataDir>
//   <id of a version 1 plod> <id of a plod saved by the next, newer version>
import path from 'node:path';
import * as Y from 'yjs';
import { REPORT_SCHEMA_VERSION, reportDocName, reportIdSchema } from '@plod/model';
import { newerReportDoc, v1ReportDoc } from '@plod/model/testing';
import { SqliteStore } from '../../src/store/sqlite-store.ts';

const [dataDir, v1Id, newerId] = process.argv.slice(2);
if (!dataDir || !v1Id || !newerId) {
  throw new Error('usage: seed-schema-documents.ts <dataDir> <v1 plod id> <newer plod id>');
}
const store = new SqliteStore(path.join(dataDir, 'plod.db'));
const documents = {
  [reportDocName(reportIdSchema.parse(v1Id))]: v1ReportDoc(v1Id),
  [reportDocName(reportIdSchema.parse(newerId))]: newerReportDoc(
    newerId,
    REPORT_SCHEMA_VERSION + 1,
  ),
};
for (const [name, doc] of Object.entries(documents)) {
  // As every unloaded document is stored: a snapshot only.
  await store.compact(name, Y.encodeStateAsUpdate(doc), 0);
}
await store.close();
