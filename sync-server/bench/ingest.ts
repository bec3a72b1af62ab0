import { randomUUID } from 'node:crypto';
import { createDatabase, startPgCluster } from '../scripts/pg-cluster.ts';
import type { IngestInput, IngestResult } from './ingest-worker.ts';
import {
  goWhenReady,
  median,
  percentile,
  reportNames,
  round,
  startLoads,
  startServer,
} from './processes.ts';

export interface IngestOptions {
  clients: number;
  workers: number;
  durationMs: number;
  window: number;
  barrierEvery: number;
  /** Upper bound of updates per client (encoded up front). */
  updatesPerClient: number;
}

/** Which store the server under test runs on: a label and the environment that selects it. */
interface StoreVariant {
  store: string;
  env: Record<string, string>;
}

const SQLITE_FULL: StoreVariant = {
  store: 'SQLite FULL',
  env: { PLOD_SQLITE_SYNCHRONOUS: 'FULL' },
};
const SQLITE_NORMAL: StoreVariant = {
  store: 'SQLite NORMAL',
  env: { PLOD_SQLITE_SYNCHRONOUS: 'NORMAL' },
};

/**
 * The ingest loads' results taken together: durable updates, their rate over the longest load, and
 * the barrier acknowledgements' median and 99th percentile.
 */
export function ingestFigures(results: readonly IngestResult[]) {
  const durable = results.reduce((sum, result) => sum + result.durable, 0);
  const elapsed = Math.max(...results.map((result) => result.elapsedMs));
  const acks = Float64Array.from(results.flatMap((result) => result.ackMs)).sort();
  return {
    durableUpdates: durable,
    perSecond: Math.round(durable / (elapsed / 1000)),
    barrierAckP50Ms: round(percentile(acks, 50)),
    barrierAckP99Ms: round(percentile(acks, 99)),
  };
}

/** Runs the ingest load against the server at `url`: each of `options.clients` on a new document. */
export async function runIngestLoads(url: string, options: IngestOptions): Promise<IngestResult[]> {
  const loads = startLoads<Omit<IngestInput, 'docs'>, IngestResult>(
    'ingest-worker.ts',
    options.workers,
    reportNames(options.clients),
    {
      url,
      updatesPerClient: options.updatesPerClient,
      window: options.window,
      barrierEvery: options.barrierEvery,
      durationMs: options.durationMs,
    },
    options.durationMs + 120_000,
  );
  await goWhenReady(loads);
  return Promise.all(loads.map((load) => load.result));
}

export async function ingestBench(options: IngestOptions, variant: StoreVariant) {
  const server = await startServer('plod', { env: variant.env });
  try {
    const results = await runIngestLoads(server.url, options);
    const exhausted = results.reduce((sum, result) => sum + result.exhausted, 0);
    return {
      store: variant.store,
      clients: options.clients,
      ...ingestFigures(results),
      clientsOutOfUpdates: exhausted,
      serverRssMb: round(server.rssKb() / 1024, 1),
    };
  } finally {
    await server.stop();
  }
}

const header = (options: IngestOptions, title: string) =>
  `\n## ${title}: ${options.clients} clients (one document each), window ${options.window} ` +
  `updates, barrier every ${options.barrierEvery}, ${options.durationMs / 1000} s, ` +
  `${options.workers} load processes`;

export async function ingestBenchAll(options: IngestOptions): Promise<void> {
  console.log(header(options, 'Ingest ceiling'));
  const rows = [await ingestBench(options, SQLITE_FULL), await ingestBench(options, SQLITE_NORMAL)];
  console.table(rows);
  console.log('target: >= 20000 durable updates/s');
}

/**
 * The ingest load on SQLite (FULL) and on PostgreSQL, one server process each, taking turns for
 * `rounds` rounds (alternating which goes first). PostgreSQL is a throwaway cluster on this machine
 * (scripts/pg-cluster.ts) with fsync on and synchronous_commit on, as SQLite's FULL fsyncs each
 * commit; each PostgreSQL run gets a fresh database.
 */
export async function ingestPgBench(options: IngestOptions & { rounds: number }): Promise<void> {
  console.log(header(options, 'Ingest, SQLite (FULL) and PostgreSQL (fsync on), one process'));
  const cluster = await startPgCluster({ fsync: true });
  try {
    const postgres = async (): Promise<StoreVariant> => ({
      store: 'PostgreSQL',
      env: {
        PLOD_DATABASE_URL: await createDatabase(cluster.url, `bench_${randomUUID().slice(0, 8)}`),
      },
    });
    const rows: (Awaited<ReturnType<typeof ingestBench>> & { round: number })[] = [];
    for (let r = 1; r <= options.rounds; r++) {
      const order = r % 2 === 1 ? [SQLITE_FULL, await postgres()] : [await postgres(), SQLITE_FULL];
      for (const variant of order)
        rows.push({ round: r, ...(await ingestBench(options, variant)) });
    }
    console.table(rows);
    const summary = ['SQLite FULL', 'PostgreSQL'].map((store) => {
      const mine = rows.filter((row) => row.store === store);
      return {
        store,
        medianPerSecond: median(mine.map((row) => row.perSecond)),
        medianAckP50Ms: median(mine.map((row) => row.barrierAckP50Ms)),
        medianAckP99Ms: median(mine.map((row) => row.barrierAckP99Ms)),
      };
    });
    console.table(summary);
  } finally {
    await cluster.stop();
  }
}
