import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isModelError } from '../errors/errors.ts';
import { ReportIds } from '../ids/ids.ts';
import { REPORT_SCHEMA_VERSION } from '../kernel/report-keys.ts';
import { migrateReportDoc } from '../report-doc/migrations.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import { reportDocName } from './doc-names.ts';
import { runMigrations } from './migrations.ts';
import { newerReportDoc, v1ReportDoc } from './schema-fixtures.ts';
import {
  DOC_SCHEMAS,
  SCHEMA_MARKS_ROOT,
  docSchemaOf,
  isNewerDocument,
  newerDocumentError,
  newerDocumentMessage,
  schemaVersionOf,
} from './schema-versions.ts';

const id = ReportIds.create();
const name = reportDocName(id);
const report = DOC_SCHEMAS.report;

describe('a document schema version', () => {
  it('is 0 for an empty document, 1 for content with no stamp, else the stamp', () => {
    expect(schemaVersionOf(report, new Y.Doc())).toBe(0);
    expect(schemaVersionOf(report, v1ReportDoc(id))).toBe(1);
    expect(schemaVersionOf(report, newReportDoc())).toBe(REPORT_SCHEMA_VERSION);
    expect(schemaVersionOf(report, newerReportDoc(id, 9))).toBe(9);
  });

  it('is the highest any replica reached, even when the merge keeps a lower meta stamp', () => {
    // Two phones migrate one old plod apart: this app to its version, a newer app one further.
    const [older, newer] = replicasOf(v1ReportDoc(id), 2) as [Y.Doc, Y.Doc];
    older.clientID = 2;
    newer.clientID = 1;
    migrateReportDoc(older);
    const next = REPORT_SCHEMA_VERSION + 1;
    runMigrations(newer, 'meta', ['meta'], [], next);
    syncAll([older, newer]);
    // The one meta key kept the older app's stamp (the higher client id wins a concurrent write)...
    expect(older.getMap('meta').get('schemaVersion')).toBe(REPORT_SCHEMA_VERSION);
    // ...but the marks keep both, so both phones know the plod is newer than this app.
    expect([...older.getMap(SCHEMA_MARKS_ROOT).keys()].sort()).toEqual(
      [String(REPORT_SCHEMA_VERSION), String(next)].sort(),
    );
    expect(schemaVersionOf(report, older)).toBe(next);
    expect(isNewerDocument(name, older)).toBe(true);
    expect(isNewerDocument(name, newer)).toBe(true);
  });

  it('belongs to reports, the setup and the hole register; the reports index has none', () => {
    expect(docSchemaOf(name)?.kind).toBe('report');
    expect(docSchemaOf('setup')?.kind).toBe('setup');
    expect(docSchemaOf('holes')?.kind).toBe('holes');
    expect(docSchemaOf('reports-index')).toBeNull();
    expect(docSchemaOf('report:not-a-uuid')).toBeNull();
    expect(isNewerDocument('reports-index', newerReportDoc(id, 99))).toBe(false);
  });

  it('makes a newer plod read as it is, and says what to update', () => {
    const doc = newerReportDoc(id, REPORT_SCHEMA_VERSION + 1);
    expect(readReport(doc).notes).toBe('Saved by a newer Plod');
    expect(newerDocumentMessage('report', 'app')).toBe(
      'This plod was saved by a newer version of Plod; update the app to change it',
    );
    const error = newerDocumentError(report, REPORT_SCHEMA_VERSION + 1, 'server');
    expect(isModelError(error, 'unsupported-schema-version')).toBe(true);
    expect(error.message).toBe(
      `This plod was saved by a newer version of Plod; update the server to change it (schema version ${REPORT_SCHEMA_VERSION + 1}; this server understands up to ${REPORT_SCHEMA_VERSION})`,
    );
  });
});
