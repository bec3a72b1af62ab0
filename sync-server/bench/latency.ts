import os from 'node:os';
import type { LatencyInput, LatencyResult } from './latency-worker.ts';
import {
  median,
  percentile,
  reportNames,
  round,
  goWhenReady,
  startLoads,
  startProbedServer,
  untilCalm,
} from './processes.ts';
import type { LoadOptions, LoadProcess, ServerKind } from './processes.ts';

/** `rounds`: measured pairs (reference and ours); the order alternates, the first pair runs the reference first. */
export interface LatencyOptions extends LoadOptions {
  /**
   * Each window waits (up to a minute) for a second with at most this share of steal before it
   * starts; rounds in which either window still had more are also summarised apart.
   */
  maxSteal: number;
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
  heapUsedMb: number;
  /** Server process CPU time (user + system, every thread) per update it received, in microseconds. */
  cpuUsPerUpdate: number;
  /** Server CPU time over the window as a share of one core, and the main thread's part of it. */
  cpuShare: number;
  mainShare: number;
  /** CPU ms of the server's four busiest other threads over the window. */
  otherThreadsMs: string;
  /** Server event-loop delay over the window (ms). */
  loopP99: number;
  loopMax: number;
  /** Garbage collection pauses over the window: how many, total and longest (ms). */
  gcCount: number;
  gcMajor: number;
  gcMs: number;
  gcMaxMs: number;
  /** 1-minute load average when the measurement started. */
  load1: number;
  /** Share of the machine's CPU time stolen by the hypervisor during the window (/proc/stat). */
  steal: number;
}

/** The schedule of one window: the warm-up, then `durationMs` measured. */
export function oneWindow(
  options: Pick<LoadOptions, 'warmupMs' | 'durationMs'>,
): Pick<LatencyInput, 'blocks' | 'warmupMs'> {
  return {
    blocks: [[0, options.warmupMs + options.durationMs]],
    warmupMs: options.warmupMs,
  };
}

/**
 * `options.workers` load processes of stock clients for `options.docs` new report documents on the
 * server at `url` (split between them), sending in `schedule`'s blocks.
 */
export function startLatencyLoads(
  url: string,
  options: Pick<LatencyOptions, 'docs' | 'clientsPerDoc' | 'ratePerSecond' | 'workers'>,
  schedule: Pick<LatencyInput, 'blocks' | 'warmupMs'>,
): LoadProcess<LatencyResult>[] {
  const names = reportNames(options.docs);
  const lastMs = Math.max(...schedule.blocks.map(([, to]) => to));
  return startLoads<Omit<LatencyInput, 'docs'>, LatencyResult>(
    'latency-worker.ts',
    options.workers,
    names,
    {
      url,
      clientsPerDoc: options.clientsPerDoc,
      ratePerSecond: options.ratePerSecond,
      ...schedule,
    },
    lastMs + 60_000,
  );
}

/** Latency percentiles (ms) of `samples`, and the share of `expected` remote changes they are. */
export function summarizeLatency(samples: readonly number[], expected: number) {
  const all = Float64Array.from(samples).sort();
  return {
    p50: round(percentile(all, 50)),
    p99: round(percentile(all, 99)),
    p999: round(percentile(all, 99.9)),
    max: round(all[all.length - 1] ?? Number.NaN),
    samples: all.length,
    delivered: round(expected === 0 ? 0 : all.length / expected, 4),
  };
}

export async function measureLatency(
  kind: ServerKind,
  options: LatencyOptions,
): Promise<LatencyFigures> {
  const load1 = os.loadavg()[0] ?? Number.NaN;
  const server = await startProbedServer(kind);
  try {
    const loads = startLatencyLoads(server.url, options, oneWindow(options));
    await goWhenReady(loads);
    // The probe's window is the workers' measured window (they start measuring warm-up after 'go').
    const cpu = await server.measure(options.warmupMs, options.durationMs);
    const results = await Promise.all(loads.map((load) => load.result));
    const rss = server.rssKb();
    const sent = results.reduce((sum, result) => sum + (result.sent[0] ?? 0), 0);
    return {
      kind,
      ...summarizeLatency(
        results.flatMap((result) => result.samples.flat()),
        sent * (options.clientsPerDoc - 1),
      ),
      sentPerSecond: Math.round(sent / (options.durationMs / 1000)),
      serverRssMb: round(rss / 1024, 1),
      heapUsedMb: cpu.heapUsedMb,
      cpuUsPerUpdate: round(((cpu.userMs + cpu.systemMs) * 1000) / Math.max(1, sent), 1),
      cpuShare: round((cpu.userMs + cpu.systemMs) / cpu.wallMs),
      mainShare: round(cpu.mainThreadMs / cpu.wallMs),
      otherThreadsMs: cpu.otherThreadsMs.join(' '),
      loopP99: cpu.loopP99,
      loopMax: cpu.loopMax,
      gcCount: cpu.gcCount,
      gcMajor: cpu.gcMajor,
      gcMs: Math.round(cpu.gcMs),
      gcMaxMs: cpu.gcMaxMs,
      load1: round(load1),
      steal: cpu.stealShare,
    };
  } finally {
    await server.stop();
  }
}

export async function latencyBench(options: LatencyOptions): Promise<void> {
  console.log(
    `\n## Broadcast latency: ${options.docs} docs x ${options.clientsPerDoc} stock clients x ` +
      `${options.ratePerSecond}/s, ${options.durationMs / 1000} s measured after ` +
      `${options.warmupMs / 1000} s warm-up, ${options.workers} load processes, ` +
      `${options.rounds} round(s)`,
  );
  const ratios: { p50: number; p99: number; cpu: number; steal: number }[] = [];
  for (let r = 0; r < options.rounds; r++) {
    // Each server alone on the machine with fresh load processes; the order alternates by round.
    const order: ServerKind[] = r % 2 === 0 ? ['reference', 'plod'] : ['plod', 'reference'];
    const figures: LatencyFigures[] = [];
    for (const kind of order) {
      // Neither server starts its window while the neighbours are taking the CPU (if it can wait).
      const steal = await untilCalm(options.maxSteal);
      if (steal > options.maxSteal) console.log(`(${kind}: steal still ${steal} after a minute)`);
      figures.push(await measureLatency(kind, options));
    }
    const reference = figures.find((f) => f.kind === 'reference');
    const ours = figures.find((f) => f.kind === 'plod');
    if (!reference || !ours) throw new Error('a latency round lacks a server');
    const pair = [reference, ours];
    const columns: (keyof LatencyFigures)[][] = [
      [
        'kind',
        'p50',
        'p99',
        'p999',
        'max',
        'samples',
        'delivered',
        'sentPerSecond',
        'load1',
        'steal',
      ],
      ['kind', 'cpuUsPerUpdate', 'cpuShare', 'mainShare', 'otherThreadsMs', 'loopP99', 'loopMax'],
      ['kind', 'gcCount', 'gcMajor', 'gcMs', 'gcMaxMs', 'serverRssMb', 'heapUsedMb'],
    ];
    for (const shown of columns) console.table(pair, shown);
    const ratio = {
      p50: round(ours.p50 / reference.p50),
      p99: round(ours.p99 / reference.p99),
      cpu: round(ours.cpuUsPerUpdate / reference.cpuUsPerUpdate),
      steal: Math.max(ours.steal, reference.steal),
    };
    ratios.push(ratio);
    console.log(
      `round ${r + 1} (${order.join(' then ')}): ratio ours/reference p50 ${ratio.p50}, ` +
        `p99 ${ratio.p99} (target <= 1.0); server CPU per update ${ratio.cpu}`,
    );
  }
  if (options.rounds > 1) {
    summarise(`median of ${options.rounds} rounds`, ratios);
    const calm = ratios.filter((ratio) => ratio.steal <= options.maxSteal);
    if (calm.length > 0 && calm.length < ratios.length) {
      summarise(`median of the ${calm.length} rounds with steal <= ${options.maxSteal}`, calm);
    }
  }
}

function summarise(title: string, ratios: { p50: number; p99: number; cpu: number }[]): void {
  console.log(
    `${title}: p50 ratio ${round(median(ratios.map((x) => x.p50)))}, ` +
      `p99 ratio ${round(median(ratios.map((x) => x.p99)))}, ` +
      `CPU per update ratio ${round(median(ratios.map((x) => x.cpu)))}; ` +
      `p99 ratios ${ratios.map((x) => x.p99).join(', ')}`,
  );
}
