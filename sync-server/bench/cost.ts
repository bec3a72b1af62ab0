import os from 'node:os';
import type { CostInput, CostResult } from './cost-worker.ts';
import {
  goWhenReady,
  median,
  reportNames,
  round,
  startLoads,
  startProbedServer,
} from './processes.ts';
import type { LoadOptions, ServerKind } from './processes.ts';

export type CostOptions = LoadOptions;

export interface CostFigures {
  kind: ServerKind;
  /** Server CPU time (every thread, user + system) per update received, in microseconds. */
  cpuUsPerUpdate: number;
  /** Of that, the event-loop thread's. */
  mainUsPerUpdate: number;
  /** CPU ms of the four busiest other threads (SQLite writer, V8 GC and compiler helpers). */
  otherThreadsMs: string;
  loopP99: number;
  loopMax: number;
  gcMs: number;
  /** Updates the load sent per second over the whole run (the target is docs x clients x rate). */
  sentPerSecond: number;
  load1: number;
}

export async function measureCost(kind: ServerKind, options: CostOptions): Promise<CostFigures> {
  const load1 = os.loadavg()[0] ?? Number.NaN;
  const server = await startProbedServer(kind);
  try {
    const names = reportNames(options.docs);
    const totalMs = options.warmupMs + options.durationMs;
    const loads = startLoads<Omit<CostInput, 'docs'>, CostResult>(
      'cost-worker.ts',
      options.workers,
      names,
      {
        url: server.url,
        clientsPerDoc: options.clientsPerDoc,
        ratePerSecond: options.ratePerSecond,
        totalMs,
      },
      totalMs + 60_000,
    );
    await goWhenReady(loads);
    const cpu = await server.measure(options.warmupMs, options.durationMs);
    const results = await Promise.all(loads.map((load) => load.result));
    const sentPerSecond = results.reduce((sum, r) => sum + r.sent, 0) / (totalMs / 1000);
    // Updates in the window, at the rate the load actually kept.
    const updates = Math.max(1, (sentPerSecond * options.durationMs) / 1000);
    return {
      kind,
      cpuUsPerUpdate: round(((cpu.userMs + cpu.systemMs) * 1000) / updates, 1),
      mainUsPerUpdate: round((cpu.mainThreadMs * 1000) / updates, 1),
      otherThreadsMs: cpu.otherThreadsMs.join(' '),
      loopP99: cpu.loopP99,
      loopMax: cpu.loopMax,
      gcMs: Math.round(cpu.gcMs),
      sentPerSecond: Math.round(sentPerSecond),
      load1: round(load1),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The relay's CPU per update at the latency bench's load, ours and the reference's, from lean
 * clients: a figure that holds up on a shared machine far better than wall-clock latency does.
 */
export async function costBench(options: CostOptions): Promise<void> {
  console.log(
    `\n## Server CPU per update: ${options.docs} docs x ${options.clientsPerDoc} lean clients x ` +
      `${options.ratePerSecond}/s, ${options.durationMs / 1000} s measured after ` +
      `${options.warmupMs / 1000} s warm-up, ${options.rounds} round(s)`,
  );
  const ratios: number[] = [];
  for (let r = 0; r < options.rounds; r++) {
    const order: ServerKind[] = r % 2 === 0 ? ['reference', 'plod'] : ['plod', 'reference'];
    const figures: CostFigures[] = [];
    for (const kind of order) figures.push(await measureCost(kind, options));
    const reference = figures.find((f) => f.kind === 'reference');
    const ours = figures.find((f) => f.kind === 'plod');
    if (!reference || !ours) throw new Error('a cost round lacks a server');
    console.table([reference, ours]);
    const ratio = round(ours.cpuUsPerUpdate / reference.cpuUsPerUpdate);
    ratios.push(ratio);
    console.log(`round ${r + 1} (${order.join(' then ')}): CPU per update ours/reference ${ratio}`);
  }
  if (options.rounds > 1) {
    console.log(
      `median of ${options.rounds} rounds: CPU per update ratio ${round(median(ratios))} ` +
        `(${ratios.join(', ')})`,
    );
  }
}
