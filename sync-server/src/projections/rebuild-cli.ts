// pnpm --filter @plod/sync-server rebuild-projections: drops the projection tables and rebuilds them
// from the stored documents (the documents are the truth), read from SQLite or, with
// PLOD_DATABASE_URL, from PostgreSQL, and written where the app tables are (PostgreSQL too with
// it), priced with the contracts of the app tables. Safe while the server runs: a row the server
// wrote from a newer update than the rebuild read stays (rows are guarded by seq), and its next
// update re-projects that report anyway.
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openStorage } from '../storage.ts';
import { ContractStore } from '../money/contract-store.ts';
import { rebuildProjection } from './projector.ts';
import { ReportTable } from './report-table.ts';

const config = loadConfig();
const storage = openStorage(config.server, createLogger('warn'));
const started = performance.now();
const count = await rebuildProjection(
  storage.store,
  new ReportTable(storage.appDb.sql),
  null,
  new ContractStore(storage.appDb.sql),
);
await storage.store.close();
await storage.appDb.close();
console.log(
  `rebuilt ${count} report rows from ${config.server.databaseUrl ? 'PostgreSQL' : config.server.dataDir} into ${storage.appDb.sql.dialect === 'postgres' ? 'PostgreSQL' : storage.appDb.location} in ${Math.round(performance.now() - started)} ms`,
);
