/**
 * Preloaded (`--import`) into a server under test by the latency bench, ours and the reference alike.
 * The first SIGUSR2 opens a measuring window, the second closes it and prints one JSON line on stdout
 * (`msg: 'bench probe'`): the process's CPU time, its event-loop delay histogram and its garbage
 * collection pauses over the window. With BENCH_WINDOW_PROF=<dir>, it also writes a V8 CPU profile of
 * the main thread over the window alone (BENCH_CPU_PROF profiles whole processes, start-up included).
 * Nothing else in the server changes.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

export interface ProbeFigures {
  wallMs: number;
  /** CPU time of the whole process (every thread), user and system, in ms. */
  userMs: number;
  systemMs: number;
  /** Of that, the main (event-loop) thread's CPU time, from /proc (Linux; NaN elsewhere). */
  mainThreadMs: number;
  /** The four busiest other threads (worker threads, GC helpers, libuv pool), as name:ms. */
  otherThreadsMs: string[];
  /** Event-loop delay beyond the 1 ms sampling interval, in ms. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  /** V8 heap in use at the end of the window (MB). */
  heapUsedMb: number;
  gcCount: number;
  /** Of those, full (mark-compact) collections: what survives young-generation collections ends there. */
  gcMajor: number;
  gcMs: number;
  gcMaxMs: number;
}

/**
 * Only in the main thread: Node starts worker threads with the process's flags, this preload
 * included, and its 1 ms event-loop delay timer would wake a server's worker (our SQLite writer)
 * about a thousand times a second, which the reference, having no worker, never paid.
 */
if (isMainThread) install();

function install(): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gcCount = 0;
  let gcMajor = 0;
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount += 1;
      const detail: unknown = 'detail' in entry ? entry.detail : undefined;
      const kind = typeof detail === 'object' && detail !== null && 'kind' in detail && detail.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcMajor += 1;
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  /** CPU time (user + system) of each thread in ms by thread id (names kept in threadNames), from /proc/self/task (Linux). */
  function threadCpuMs(): Map<number, number> {
    const threads = new Map<number, number>();
    try {
      for (const tid of fs.readdirSync('/proc/self/task')) {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        // Fields after the command name (which is in parentheses and may hold spaces).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threadNames.set(Number(tid), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
        threads.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // USER_HZ 100
      }
    } catch {
      // not Linux, or a thread ended while being read
    }
    return threads;
  }

  const threadNames = new Map<number, string>();

  let window: { cpu: NodeJS.CpuUsage; threads: Map<number, number>; started: number } | null = null;
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;

  const profileDir = process.env.BENCH_WINDOW_PROF;
  let session: Session | null = null;
  if (profileDir) {
    session = new Session();
    session.connect();
    session.post('Profiler.enable');
  }

  function stopProfile(): void {
    session?.post('Profiler.stop', (error, result) => {
      if (error || !profileDir) return;
      const file = path.join(path.resolve(profileDir), `window-${process.pid}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
    });
  }

  process.on('SIGUSR2', () => {
    if (!window) {
      session?.post('Profiler.start');
      delay.reset();
      gcCount = 0;
      gcMajor = 0;
      gcMs = 0;
      gcMaxMs = 0;
      window = { cpu: process.cpuUsage(), threads: threadCpuMs(), started: performance.now() };
      return;
    }
    const cpu = process.cpuUsage(window.cpu);
    const before = window.threads;
    const spent = [...threadCpuMs()].map(
      ([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const,
    );
    const others = spent
      .filter(([tid]) => tid !== process.pid)
      .sort((a, b) => b[1] - a[1])
      .map(([tid, ms]) => `${threadNames.get(tid) ?? tid}:${Math.round(ms)}`);
    const figures: ProbeFigures = {
      wallMs: Math.round(performance.now() - window.started),
      userMs: Math.round(cpu.user / 1000),
      systemMs: Math.round(cpu.system / 1000),
      mainThreadMs: Math.round(spent.find(([tid]) => tid === process.pid)?.[1] ?? Number.NaN),
      otherThreadsMs: others.slice(0, 4),
      loopP50: ms(delay.percentile(50)),
      loopP99: ms(delay.percentile(99)),
      loopMax: ms(delay.max),
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
      gcCount,
      gcMajor,
      gcMs: Math.round(gcMs * 100) / 100,
      gcMaxMs: Math.round(gcMaxMs * 100) / 100,
    };
    window = null;
    stopProfile();
    process.stdout.write(`${JSON.stringify({ msg: 'bench probe', ...figures })}\n`);
  });
}
