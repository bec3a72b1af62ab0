import type { LatencyInput, LatencyResult } from './latency-worker.ts';
import { percentile, round, startLoad, startServer } from './processes.ts';
import type { ServerKind } from './processes.ts';

export interface LatencyOptions {
  docs: number;
  clientsPerDoc: number;
  ratePerSecond: number;
  durationMs: number;
  warmupMs: number;
  /** Load generator processes (documents are split between them). */
  workers: number;
}

export interface LatencyFigures {
  kind: ServerKind;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  samples: number;
  /** Share of expected remote changes that arrived within the window. */
  delivered: number;
  sentPerSecond: number;
  serverRssMb: number;
}

export async function measureLatency(
  kind: ServerKind,
  options: LatencyOptions,
): Promise<LatencyFigures> {
  const server = await startServer(kind);
  try {
    const names = Array.from({ length: options.docs }, (_, i) => `report:bench-${kind}-${i}`);
    const loads = Array.from({ length: options.workers }, (_, w) => {
      const input: LatencyInput = {
        url: server.url,
        docs: names.filter((_, i) => i % options.workers === w),
        clientsPerDoc: options.clientsPerDoc,
        ratePerSecond: options.ratePerSecond,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
      };
      return startLoad<LatencyInput, LatencyResult>(
        'latency-worker.ts',
        input,
        options.warmupMs + options.durationMs + 60_000,
      );
    });
    await Promise.all(loads.map((load) => load.ready));
    for (const load of loads) load.go();
    const results = await Promise.all(loads.map((load) => load.result));
    const rss = server.rssKb();
    const all = Float64Array.from(results.flatMap((result) => result.samples)).sort();
    const expected = results.reduce((sum, result) => sum + result.expected, 0);
    const sent = results.reduce((sum, result) => sum + result.sent, 0);
    return {
      kind,
      p50: round(percentile(all, 50)),
      p99: round(percentile(all, 99)),
      p999: round(percentile(all, 99.9)),
      max: round(all[all.length - 1] ?? Number.NaN),
      samples: all.length,
      delivered: round(expected === 0 ? 0 : all.length / expected, 4),
      sentPerSecond: Math.round(sent / (options.durationMs / 1000)),
      serverRssMb: round(rss / 1024, 1),
    };
  } finally {
    await server.stop();
  }
}

export async function latencyBench(options: LatencyOptions): Promise<void> {
  console.log(
    `\n## Broadcast latency: ${options.docs} docs x ${options.clientsPerDoc} stock clients x ` +
      `${options.ratePerSecond}/s, ${options.durationMs / 1000} s measured after ` +
      `${options.warmupMs / 1000} s warm-up, ${options.workers} load processes`,
  );
  // Reference first, then ours, each alone on the machine with fresh load processes.
  const reference = await measureLatency('reference', options);
  const ours = await measureLatency('plod', options);
  console.table([reference, ours]);
  console.log(
    `ratio ours/reference: p50 ${round(ours.p50 / reference.p50)}, p99 ${round(ours.p99 / reference.p99)}` +
      ` (target <= 1.0)`,
  );
}
