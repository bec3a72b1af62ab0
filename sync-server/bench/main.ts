/**
 * Sync relay benchmark (issue 3). Prints figures; asserts nothing about timing.
 *
 *   pnpm --filter @plod/sync-server bench [latency|blocks|cost|ingest|ingest-pg|cluster|idle|cold|sigkill|projection|store|store-pg|year|kpis|charges|invoice ...] [--duration=20] ...
 *
 * With no part named, runs them all. See docs/benchmarks.md for what each figure means.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { clusterBench } from './cluster.ts';
import { coldBench } from './cold.ts';
import { costBench } from './cost.ts';
import { idleBench } from './idle.ts';
import { ingestBenchAll, ingestPgBench } from './ingest.ts';
import { latencyBench } from './latency.ts';
import { latencyBlocksBench } from './latency-blocks.ts';
import { projectionBench } from './projection.ts';
import { sigkillBench } from './sigkill.ts';
import { storeBench, storePgBench } from './store.ts';
import { yearBench } from './year.ts';
import { kpiBench } from './kpis.ts';
import { chargesBench } from './charges.ts';
import { invoiceBench } from './invoice.ts';

const PARTS = [
  'latency',
  'blocks',
  'cost',
  'ingest',
  'ingest-pg',
  'cluster',
  'idle',
  'cold',
  'sigkill',
  'projection',
  'store',
  'store-pg',
  'year',
  'kpis',
  'charges',
  'invoice',
] as const;
type Part = (typeof PARTS)[number];
const isPart = (value: string): value is Part => (PARTS as readonly string[]).includes(value);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    docs: { type: 'string', default: '100' },
    clients: { type: 'string', default: '3' },
    rate: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    pairs: { type: 'string', default: '10' },
    block: { type: 'string', default: '6' },
    'block-warmup': { type: 'string', default: '1' },
    gap: { type: 'string', default: '1' },
    'max-steal': { type: 'string', default: '0.03' },
    'cost-duration': { type: 'string', default: '10' },
    'ingest-clients': { type: 'string', default: '40' },
    'ingest-duration': { type: 'string', default: '10' },
    'ingest-window': { type: 'string', default: '256' },
    'idle-connections': { type: 'string', default: '2000' },
    'cold-runs': { type: 'string', default: '20' },
    commits: { type: 'string', default: '300' },
    'year-plods': { type: 'string', default: '10,10000' },
    'kpi-plods': { type: 'string', default: '10000' },
    'kpi-requests': { type: 'string', default: '100' },
    'kpi-data-dir': { type: 'string' },
    'year-adds': { type: 'string', default: '100' },
    'year-pages': { type: 'string', default: '100' },
    'pdf-runs': { type: 'string', default: '1000' },
    'charge-runs': { type: 'string', default: '200' },
    'charge-iterations': { type: 'string', default: '10000' },
    'invoice-plods': { type: 'string', default: '10000' },
    'invoice-data-dir': { type: 'string' },
  },
});
const num = (value: string | undefined, name: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} must be a positive number`);
  return parsed;
};
/** A numeric option by its name: `opt('docs')` reads --docs. */
const opt = (name: keyof typeof values): number => num(values[name], name);
/** An option given in seconds, in milliseconds. */
const ms = (name: keyof typeof values): number => opt(name) * 1000;
/** The simulated crews: documents, clients on each, updates a second per client. */
const crews = () => ({
  docs: opt('docs'),
  clientsPerDoc: opt('clients'),
  ratePerSecond: opt('rate'),
});
/** A stock-client load run for `duration` (seconds) after the warm-up, with its workers and rounds. */
const load = (duration: keyof typeof values) => ({
  ...crews(),
  durationMs: ms(duration),
  warmupMs: ms('warmup'),
  workers: opt('workers'),
  rounds: opt('rounds'),
});
/** The ingest benches' clients, each sending enough for 60,000 updates/s over the run. */
const ingest = () => {
  const clients = opt('ingest-clients');
  const durationMs = ms('ingest-duration');
  return {
    clients,
    workers: opt('workers'),
    durationMs,
    window: opt('ingest-window'),
    barrierEvery: 32,
    updatesPerClient: Math.ceil((60_000 * durationMs) / 1000 / clients),
  };
};
const unknown = positionals.filter((part) => !isPart(part));
if (unknown.length > 0)
  throw new Error(`unknown part(s) ${unknown.join(', ')}; use ${PARTS.join(', ')}`);
const parts: Part[] = positionals.length > 0 ? positionals.filter(isPart) : [...PARTS];

console.log(
  `# Plod sync relay benchmark, ${new Date().toISOString()}, Node ${process.version}, ` +
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${os.platform()}`,
);

/** The store benches' documents and commits. */
const storeOptions = () => ({
  docs: opt('docs'),
  perCommit: (opt('clients') * opt('rate') * opt('docs')) / 10,
  commits: opt('commits'),
});
/** What each part runs (its options are read when it runs). */
const BENCHES: Record<Part, () => Promise<unknown>> = {
  latency: () => latencyBench({ ...load('duration'), maxSteal: opt('max-steal') }),
  blocks: () =>
    latencyBlocksBench({
      ...crews(),
      pairs: opt('pairs'),
      blockMs: ms('block'),
      warmupMs: ms('block-warmup'),
      gapMs: ms('gap'),
      workers: opt('workers'),
      maxSteal: opt('max-steal'),
    }),
  cost: () => costBench(load('cost-duration')),
  ingest: () => ingestBenchAll(ingest()),
  'ingest-pg': () => ingestPgBench({ ...ingest(), rounds: opt('rounds') }),
  cluster: () =>
    clusterBench({
      ...load('duration'),
      ingestClients: opt('ingest-clients'),
      ingestWindow: opt('ingest-window'),
      ingestDurationMs: ms('ingest-duration'),
    }),
  idle: () => idleBench(opt('idle-connections')),
  cold: () => coldBench(opt('cold-runs')),
  sigkill: () => sigkillBench(),
  projection: () => projectionBench(opt('docs')),
  store: () => storeBench(storeOptions()),
  'store-pg': () => storePgBench(storeOptions()),
  year: () =>
    yearBench({
      sizes: (values['year-plods'] ?? '').split(',').map((n) => num(n, 'year-plods')),
      adds: opt('year-adds'),
      pages: opt('year-pages'),
      pdfRuns: opt('pdf-runs'),
    }),
  kpis: () =>
    kpiBench({
      plods: opt('kpi-plods'),
      requests: opt('kpi-requests'),
      dataDir: values['kpi-data-dir'],
    }),
  charges: () => chargesBench({ runs: opt('charge-runs'), iterations: opt('charge-iterations') }),
  invoice: () => invoiceBench({ plods: opt('invoice-plods'), dataDir: values['invoice-data-dir'] }),
};

for (const part of parts) await BENCHES[part]();
process.exit(0);
