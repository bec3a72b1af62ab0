import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SERVER_ENTRIES, bundle, packageDir, serverDistDir } from '../scripts/build.ts';
import type { ProbeFigures } from './probe.ts';

export { packageDir };

/**
 * `count` report document names as the app makes them (`report:{uuid}`), so each server does for the
 * bench's documents what it does in use: ours projects them and its access policy knows them.
 */
export function reportNames(count: number): string[] {
  return Array.from({ length: count }, () => `report:${randomUUID()}`);
}

export type ServerKind = 'plod' | 'reference';

/** A stock-client load (latency, cost, cluster): the simulated crews, its window and its rounds. */
export interface LoadOptions {
  docs: number;
  clientsPerDoc: number;
  ratePerSecond: number;
  durationMs: number;
  warmupMs: number;
  /** Load generator processes (documents are split between them). */
  workers: number;
  /** Measured rounds (each server kind or variant once a round). */
  rounds: number;
}

export interface BenchServer {
  kind: ServerKind;
  child: ChildProcess;
  port: number;
  /** ws://127.0.0.1:port/sync (both servers take /sync/{docName}). */
  url: string;
  dataDir: string;
  exited: Promise<number | string>;
  /** Resident set size of the server process, from /proc (Linux). */
  rssKb(): number;
  /** Calls `listener` with every later JSON line the server prints on stdout. */
  onLine(listener: (entry: Record<string, unknown>) => void): void;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// Whatever happens to the bench, no server or load generator outlives it.
process.on('exit', () => {
  for (const child of live) if (child.exitCode === null) child.kill('SIGKILL');
});

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every server and load process there. */
const profiling = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : [];

/**
 * BENCH_PLOD_FLAGS / BENCH_REFERENCE_FLAGS: Node or V8 flags for that server alone (to try a setting,
 * e.g. `--trace-gc`); BENCH_TRACE_FILE=<file>: what the servers print that is not a JSON log line
 * (such traces) goes to <file>.plod and <file>.reference.
 */
const traceFile = process.env.BENCH_TRACE_FILE;

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'plod-bench-'));
}

/** What the servers under test run: built once per bench run (see `builtServers`). */
interface Built {
  plod: string;
  reference: string;
  probe: string;
}

let built: Promise<Built> | null = null;

/**
 * Both servers run as they ship, with plain `node` (no TypeScript loader in the process): ours as
 * `pnpm start` runs it, the production build in dist/; the reference as its own server.js, its
 * package loaded from node_modules, with only the bench's wrapper (and the probe) compiled, into
 * node_modules/.cache so that the package resolves from there.
 */
export function builtServers(): Promise<Built> {
  built ??= (async () => {
    const [main] = await bundle({ entries: SERVER_ENTRIES, outDir: serverDistDir });
    const [reference, probe] = await bundle({
      entries: ['bench/reference-server.ts', 'bench/probe.ts'],
      outDir: path.join(packageDir, 'node_modules/.cache/plod-bench'),
      packagesExternal: true,
    });
    if (!main || !reference || !probe) throw new Error('the bench build lacks an entry');
    return { plod: main, reference, probe };
  })();
  return built;
}

/** Starts a server under test in its own process (ours as `pnpm start` runs it) on 127.0.0.1. */
export async function startServer(
  kind: ServerKind,
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    probe?: boolean;
    /** How long it may take to listen (a store of a year of plods takes longer). */
    startTimeoutMs?: number;
  } = {},
): Promise<BenchServer> {
  const dataDir = options.dataDir ?? tempDir();
  const files = await builtServers();
  const preload = options.probe ? ['--import', files.probe] : [];
  const flags = (process.env[`BENCH_${kind.toUpperCase()}_FLAGS`] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...profiling, ...flags, ...preload, files[kind]], {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PLOD_DATA_DIR: dataDir,
      PLOD_LOG_LEVEL: 'info',
      // The relay benchmarks measure sync, not sign-in: development flag, loopback only.
      PLOD_INSECURE_ALLOW_ALL: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? -1);
    }),
  );
  const listeners = new Set<(entry: Record<string, unknown>) => void>();
  const lines = readline.createInterface({ input: child.stdout ?? process.stdin });
  lines.on('line', (line) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      if (traceFile) fs.appendFileSync(`${traceFile}.${kind}`, `${line}\n`);
      return; // not a log line
    }
    if (typeof entry !== 'object' || entry === null) return;
    for (const listener of listeners) listener(entry as Record<string, unknown>);
  });
  const port = await new Promise<number>((resolve, reject) => {
    listeners.add((entry) => {
      if (entry.msg === 'server listening' && typeof entry.port === 'number') resolve(entry.port);
    });
    const timer = setTimeout(
      () => reject(new Error(`${kind} server did not start`)),
      options.startTimeoutMs ?? 20_000,
    );
    timer.unref();
    void exited.then((code) => reject(new Error(`${kind} server exited early: ${code}`)));
  });
  const pid = child.pid ?? 0;
  return {
    kind,
    child,
    port,
    url: `ws://127.0.0.1:${port}/sync`,
    dataDir,
    exited,
    rssKb: () => readRssKb(pid),
    onLine: (listener) => {
      listeners.add(listener);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A server under test with bench/probe.ts preloaded. */
export interface ProbedServer extends BenchServer {
  /**
   * Waits `warmupMs`, opens the probe's window, waits `durationMs`, closes it, and resolves with the
   * server's figures over that window (CPU time, event-loop delay, GC pauses).
   */
  measure(warmupMs: number, durationMs: number): Promise<ProbeFigures & { stealShare: number }>;
}

/** The machine's CPU time counters (all cores, in USER_HZ ticks) from /proc/stat: total and steal. */
function cpuTicks(): { total: number; steal: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 }; // not Linux
  }
}

/**
 * Waits (up to `limitMs`) for a second in which the hypervisor took at most `maxSteal` of the CPU,
 * so a window starts on a calm machine; resolves with the last second's steal share either way.
 */
export async function untilCalm(maxSteal: number, limitMs = 60_000): Promise<number> {
  const until = performance.now() + limitMs;
  for (;;) {
    const [, steal] = await withSteal(() => sleep(1000));
    if (!(steal > maxSteal) || performance.now() > until) return steal;
  }
}

/**
 * Measures the share of the machine's CPU time that the hypervisor gave to others (steal) while
 * `run` runs. On a shared virtual machine this is the disturbance the servers cannot see: a window
 * with much steal measures the neighbours, not the server.
 */
export async function withSteal<T>(run: () => Promise<T>): Promise<[T, number]> {
  const before = cpuTicks();
  const result = await run();
  const after = cpuTicks();
  const total = after.total - before.total;
  return [result, total > 0 ? round((after.steal - before.steal) / total, 3) : Number.NaN];
}

export async function startProbedServer(kind: ServerKind): Promise<ProbedServer> {
  const server = await startServer(kind, { probe: true });
  if (kind === 'plod') {
    // As in use, where a supervisor's page has read the report list before the crews sync: whatever
    // a signed-in REST request sets up in the process (it once turned on async hooks for good) is on.
    const reply = await fetch(`http://127.0.0.1:${server.port}/api/shift-summaries`);
    if (!reply.ok) throw new Error(`REST read before the window answered ${reply.status}`);
  }
  const figures = new Promise<ProbeFigures>((resolve) =>
    server.onLine((entry) => {
      if (entry.msg === 'bench probe') resolve(entry as unknown as ProbeFigures);
    }),
  );
  const measure = async (warmupMs: number, durationMs: number) => {
    await sleep(warmupMs);
    server.child.kill('SIGUSR2');
    const [, stealShare] = await withSteal(() => sleep(durationMs));
    server.child.kill('SIGUSR2');
    return { ...(await figures), stealShare };
  };
  return { ...server, measure };
}

export function readRssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!match?.[1]) throw new Error('no VmRSS in /proc status');
  return Number(match[1]);
}

/** A load generator in its own process: it gets `input`, reports 'ready', waits for 'go', reports a result. */
export interface LoadProcess<R> {
  ready: Promise<void>;
  go(): void;
  result: Promise<R>;
}

export type WorkerMessage<R> = { type: 'ready' } | { type: 'result'; result: R };

export function startLoad<I, R>(file: string, input: I, timeoutMs: number): LoadProcess<R> {
  const child = fork(path.join(packageDir, 'bench', file), [], {
    cwd: packageDir,
    execArgv: [...profiling, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  const killTimer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  killTimer.unref();
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<R>((resolve, reject) => {
    child.on('message', (message: WorkerMessage<R>) => {
      if (message.type === 'ready') onReady();
      else resolve(message.result);
    });
    child.once('exit', (code, signal) => {
      live.delete(child);
      clearTimeout(killTimer);
      reject(new Error(`load process ${file} exited (${code ?? signal}) without a result`));
    });
  });
  child.send({ type: 'input', input });
  return { ready, go: () => child.send({ type: 'go' }), result };
}

/** One load process per worker, the documents dealt out between them in turn. */
export function startLoads<I, R>(
  file: string,
  workers: number,
  names: readonly string[],
  input: I,
  timeoutMs: number,
): LoadProcess<R>[] {
  return Array.from({ length: workers }, (_, w) =>
    startLoad<I & { docs: string[] }, R>(
      file,
      { ...input, docs: names.filter((_, i) => i % workers === w) },
      timeoutMs,
    ),
  );
}

/** Starts every load at once, when all are ready. */
export async function goWhenReady(loads: readonly LoadProcess<unknown>[]): Promise<void> {
  await Promise.all(loads.map((load) => load.ready));
  for (const load of loads) load.go();
}

/** The worker side of startLoad: runs `prepare`, then `run` on 'go', sends the result and exits. */
export function serveLoad<I, P, R>(
  prepare: (input: I) => Promise<P>,
  run: (prepared: P, input: I) => Promise<R>,
): void {
  const send = (message: WorkerMessage<R>) => process.send?.(message);
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  let input: I | null = null;
  let prepared: P | null = null;
  process.on('message', (message: { type: 'input'; input: I } | { type: 'go' }) => {
    if (message.type === 'input') {
      input = message.input;
      prepare(message.input).then(
        (value) => {
          prepared = value;
          send({ type: 'ready' });
        },
        (error: unknown) => fail(error),
      );
    } else if (prepared !== null && input !== null) {
      run(prepared, input).then((result) => {
        // Leave once the (possibly large) result is flushed: no lingering on open sockets.
        process.send?.({ type: 'result', result }, undefined, {}, () => process.exit(0));
      }, fail);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const round = (value: number, digits = 2) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};
