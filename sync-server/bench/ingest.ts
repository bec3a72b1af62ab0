import type { IngestInput, IngestResult } from './ingest-worker.ts';
import { percentile, reportNames, round, startLoad, startServer } from './processes.ts';

export interface IngestOptions {
  clients: number;
  workers: number;
  durationMs: number;
  window: number;
  barrierEvery: number;
  /** Upper bound of updates per client (encoded up front). */
  updatesPerClient: number;
}

export async function ingestBench(options: IngestOptions, synchronous: 'FULL' | 'NORMAL') {
  const server = await startServer('plod', { env: { PLOD_SQLITE_SYNCHRONOUS: synchronous } });
  try {
    const names = reportNames(options.clients);
    const loads = Array.from({ length: options.workers }, (_, w) =>
      startLoad<IngestInput, IngestResult>(
        'ingest-worker.ts',
        {
          url: server.url,
          docs: names.filter((_, i) => i % options.workers === w),
          updatesPerClient: options.updatesPerClient,
          window: options.window,
          barrierEvery: options.barrierEvery,
          durationMs: options.durationMs,
        },
        options.durationMs + 120_000,
      ),
    );
    await Promise.all(loads.map((load) => load.ready));
    for (const load of loads) load.go();
    const results = await Promise.all(loads.map((load) => load.result));
    const durable = results.reduce((sum, result) => sum + result.durable, 0);
    const elapsed = Math.max(...results.map((result) => result.elapsedMs));
    const acks = Float64Array.from(results.flatMap((result) => result.ackMs)).sort();
    const exhausted = results.reduce((sum, result) => sum + result.exhausted, 0);
    return {
      synchronous,
      clients: options.clients,
      durableUpdates: durable,
      perSecond: Math.round(durable / (elapsed / 1000)),
      barrierAckP50Ms: round(percentile(acks, 50)),
      barrierAckP99Ms: round(percentile(acks, 99)),
      clientsOutOfUpdates: exhausted,
      serverRssMb: round(server.rssKb() / 1024, 1),
    };
  } finally {
    await server.stop();
  }
}

export async function ingestBenchAll(options: IngestOptions): Promise<void> {
  console.log(
    `\n## Ingest ceiling: ${options.clients} clients (one document each), window ${options.window} ` +
      `updates, barrier every ${options.barrierEvery}, ${options.durationMs / 1000} s, ` +
      `${options.workers} load processes`,
  );
  const rows = [await ingestBench(options, 'FULL'), await ingestBench(options, 'NORMAL')];
  console.table(rows);
  console.log('target: >= 20000 durable updates/s');
}
