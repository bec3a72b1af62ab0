// pnpm --filter @plod/sync-server rebuild-projections: drops the projection tables and rebuilds them
// from the stored documents (the documents are the truth). Safe while the server runs (SQLite WAL);
// a running server's next update to a report re-projects that report anyway.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { DATABASE_FILE, SqliteStore } from '../store/sqlite-store.ts';
import { rebuildProjection } from './projector.ts';
import { ReportTable } from './report-table.ts';

const config = loadConfig();
const file = path.join(config.server.dataDir ?? './data', DATABASE_FILE);
const store = new SqliteStore(file);
const started = performance.now();
const count = await rebuildProjection(store, new ReportTable(store.database));
await store.close();
console.log(
  `rebuilt ${count} report rows from ${file} in ${Math.round(performance.now() - started)} ms`,
);
