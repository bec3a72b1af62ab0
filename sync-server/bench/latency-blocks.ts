/**
 * Broadcast latency with the two servers taking turns: both run at once, each with its own stock
 * clients connected all along (in load processes of its own), and the load moves from one to the
 * other in short blocks with a quiet gap between them, the order alternating pair by pair
 * (reference then ours, ours then reference, ...). Whatever else the machine does drifts over
 * seconds to minutes; in back-to-back windows of 20 s it lands on one server's window and not the
 * other's, which is most of the spread of the per-round ratios. Taking turns every few seconds
 * spreads it over both. A server's clients are idle while the other's send (they only answer pings),
 * and the gap leaves a server's follow-up work (a last commit, a projection pass) out of the other's
 * block.
 */
import os from 'node:os';
import { startLatencyLoads, summarizeLatency } from './latency.ts';
import type { LatencyResult } from './latency-worker.ts';
import { median, percentile, round, startProbedServer, untilCalm } from './processes.ts';
import type { ServerKind } from './processes.ts';

export interface BlockOptions {
  docs: number;
  clientsPerDoc: number;
  ratePerSecond: number;
  /** Pairs of blocks (one per server). */
  pairs: number;
  /** A block's length (ms), its first `warmupMs` not measured, and the quiet gap after it. */
  blockMs: number;
  warmupMs: number;
  gapMs: number;
  /** Load processes per server. */
  workers: number;
  maxSteal: number;
}

const KINDS: ServerKind[] = ['reference', 'plod'];

/** Each server's blocks ([start, end) in ms after 'go'), after one unmeasured block each to warm up. */
export function blockSchedule(options: BlockOptions): Record<ServerKind, [number, number][]> {
  const schedule: Record<ServerKind, [number, number][]> = { reference: [], plod: [] };
  let at = 0;
  const turn = (kind: ServerKind) => {
    schedule[kind].push([at, at + options.blockMs]);
    at += options.blockMs + options.gapMs;
  };
  for (const kind of KINDS) turn(kind);
  for (let pair = 0; pair < options.pairs; pair++) {
    for (const kind of pair % 2 === 0 ? KINDS : [...KINDS].reverse()) turn(kind);
  }
  return schedule;
}

type Figures = ReturnType<typeof summarizeLatency> & {
  kind: ServerKind;
  cpuUsPerUpdate: number;
  loopMax: number;
  gcMajor: number;
};

export async function latencyBlocksBench(options: BlockOptions): Promise<void> {
  const schedule = blockSchedule(options);
  const totalMs = Math.max(...Object.values(schedule).flatMap((blocks) => blocks.map((b) => b[1])));
  console.log(
    `\n## Broadcast latency, servers taking turns: ${options.docs} docs x ${options.clientsPerDoc} ` +
      `stock clients x ${options.ratePerSecond}/s per server, ${options.pairs} pairs of ` +
      `${options.blockMs / 1000} s blocks (first ${options.warmupMs / 1000} s of each not measured, ` +
      `${options.gapMs / 1000} s quiet between), ${options.workers} load processes per server, ` +
      `${Math.round(totalMs / 1000)} s in all`,
  );
  const load1 = os.loadavg()[0] ?? Number.NaN;
  const servers = await Promise.all(KINDS.map((kind) => startProbedServer(kind)));
  try {
    const loads = servers.flatMap((server) =>
      startLatencyLoads(server.url, options, {
        blocks: schedule[server.kind],
        warmupMs: options.warmupMs,
      }).map((load) => ({ kind: server.kind, load })),
    );
    await Promise.all(loads.map(({ load }) => load.ready));
    const steal = await untilCalm(options.maxSteal);
    if (steal > options.maxSteal) console.log(`(steal still ${steal} after a minute)`);
    for (const { load } of loads) load.go();
    // The probes' window (CPU, event loop, collections) starts with the first measured block.
    const measuredFrom = Math.min(...KINDS.map((kind) => schedule[kind][1]?.[0] ?? 0));
    const probes = await Promise.all(
      servers.map((server) => server.measure(measuredFrom, totalMs - measuredFrom)),
    );
    const results = await Promise.all(
      loads.map(async ({ kind, load }) => ({ kind, result: await load.result })),
    );
    const figures = KINDS.map((kind, k): Figures & { blocks: Float64Array[] } => {
      const mine = results.filter((r) => r.kind === kind).map((r) => r.result);
      const blocks = schedule[kind].map((_, b) =>
        Float64Array.from(mine.flatMap((result) => result.samples[b] ?? [])).sort(),
      );
      const inMeasuredBlocks = (counts: (result: LatencyResult) => number[]) =>
        mine.reduce(
          (sum, result) =>
            sum +
            counts(result)
              .slice(1)
              .reduce((a, b) => a + b, 0),
          0,
        );
      const expected = inMeasuredBlocks((result) => result.sent) * (options.clientsPerDoc - 1);
      // CPU over the probes' window, this server's quiet turns included, per update it received.
      const sent = inMeasuredBlocks((result) => result.sentAll);
      const probe = probes[k];
      if (!probe) throw new Error(`no probe figures for ${kind}`);
      return {
        kind,
        // Block 0 warms the server up: not measured.
        ...summarizeLatency(
          blocks.slice(1).flatMap((block) => [...block]),
          expected,
        ),
        cpuUsPerUpdate: round(((probe.userMs + probe.systemMs) * 1000) / Math.max(1, sent), 1),
        loopMax: probe.loopMax,
        gcMajor: probe.gcMajor,
        blocks,
      };
    });
    console.table(
      figures.map(({ blocks: _blocks, ...shown }) => ({ ...shown, load1: round(load1) })),
    );
    const [reference, ours] = figures;
    if (!reference || !ours) throw new Error('a server is missing');
    const pairRatios = Array.from({ length: options.pairs }, (_, pair) => {
      const p99 = (f: (typeof figures)[number]) => percentile(f.blocks[pair + 1] ?? [], 99);
      return round(p99(ours) / p99(reference));
    });
    console.log(
      `all blocks pooled: ratio ours/reference p50 ${round(ours.p50 / reference.p50)}, ` +
        `p99 ${round(ours.p99 / reference.p99)} (target <= 1.0), ` +
        `p99.9 ${round(ours.p999 / reference.p999)}; server CPU per update ` +
        `${round(ours.cpuUsPerUpdate / reference.cpuUsPerUpdate)}`,
    );
    for (const f of figures) {
      console.log(
        `${f.kind} p99 per block: ${f.blocks
          .slice(1)
          .map((block) => round(percentile(block, 99)))
          .join(', ')}`,
      );
    }
    console.log(
      `per pair of blocks: p99 ratio median ${round(median(pairRatios))}, ` +
        `${pairRatios.filter((ratio) => ratio <= 1).length} of ${pairRatios.length} at or under 1.0; ` +
        `${pairRatios.join(', ')}`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
