// pnpm --filter @plod/sync-server seed -- --plods=10000 [--until=2026-11-27] [--runs=10]: writes a
// year of realistic plods (sites, rigs, crew, holes, runs, time entries) through the model into an
// empty data folder (or PostgreSQL with PLOD_DATABASE_URL) and its projections, for benchmarks and
// for trying the product with a year of data. Run it with the server stopped, then start the server.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openStorage } from '../storage.ts';
import { ReportTable } from '../projections/report-table.ts';
import { seedYear } from './seed.ts';

const { values } = parseArgs({
  // `pnpm seed -- --plods=N` hands the script its `--` as well: options come after it.
  args: process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--')),
  options: {
    plods: { type: 'string', default: '1000' },
    until: { type: 'string' },
    runs: { type: 'string', default: '10' },
  },
});
const plods = Number(values.plods);
const runsPerPlod = Number(values.runs);
if (!Number.isInteger(plods) || plods < 1 || !Number.isInteger(runsPerPlod) || runsPerPlod < 0) {
  console.error('--plods must be a whole number from 1 and --runs one from 0');
  process.exit(2);
}
const config = loadConfig();
const storage = openStorage(config.server, createLogger('warn'));
try {
  const result = await seedYear(storage.store, new ReportTable(storage.appDb.sql), {
    plods,
    runsPerPlod,
    until: values.until,
  });
  console.log(
    `seeded ${result.plods} plods (${result.runs} runs on ${result.holes} holes) into ${config.server.databaseUrl ? 'PostgreSQL' : config.server.dataDir} in ${Math.round(result.ms)} ms`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await storage.store.close();
  await storage.appDb.close();
}
