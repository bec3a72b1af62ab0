import { createLogger } from '../src/logger.ts';
import { createServer } from '../src/server.ts';
import type { PlodServer } from '../src/server.ts';
import { contractsForSites } from './charges.ts';
import { round, sleep } from './processes.ts';
import { seededYear } from './seeded.ts';

const MB = 1024 * 1024;

interface ExportFigures {
  label: string;
  plods: number;
  s: number;
  mb: number;
  rssBeforeMb: number;
  peakRssMb: number;
  heapBeforeMb: number;
  peakHeapMb: number;
  /** Memory of C++ objects bound to JavaScript ones (Buffers, zlib), at its highest. */
  peakExternalMb: number;
  /** Heap in use right after a full collection, at most once a second (--expose-gc only). */
  peakLiveHeapMb: number | null;
}

/**
 * One download read to its end (the bytes counted, never kept), with the process's peak RSS and
 * V8 heap in use sampled every 10 ms while it ran. The server runs in this process, so these are
 * the server's figures (the reading side holds one chunk at a time).
 */
async function download(
  server: PlodServer,
  label: string,
  path: string,
  plods: number,
): Promise<ExportFigures> {
  // With --expose-gc (NODE_OPTIONS), the figures before start from a collected heap.
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakExternal = before.external;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external);
  };
  let peakLive: number | null = null;
  let lastCollected = performance.now();
  // Sampled on a timer and at each chunk read (the export may hold the event loop for a while).
  const tick = () => {
    sample();
    if (globalThis.gc && performance.now() - lastCollected >= 1_000) {
      globalThis.gc();
      lastCollected = performance.now();
      peakLive = Math.max(peakLive ?? 0, process.memoryUsage().heapUsed);
    }
  };
  const timer = setInterval(tick, 10);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await server.app.request(path);
    if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      tick();
    }
  } finally {
    clearInterval(timer);
  }
  sample();
  return {
    label,
    plods,
    s: round((performance.now() - started) / 1000, 2),
    mb: round(bytes / 1e6, 2),
    rssBeforeMb: round(before.rss / MB, 1),
    peakRssMb: round(peakRss / MB, 1),
    heapBeforeMb: round(before.heapUsed / MB, 1),
    peakHeapMb: round(peakHeap / MB, 1),
    peakExternalMb: round(peakExternal / MB, 1),
    peakLiveHeapMb: peakLive === null ? null : round(peakLive / MB, 1),
  };
}

/**
 * `bench invoice`: a year of plods (seeded with `seedYear`, or a folder seeded before) with a
 * contract on each site, then GET /api/charges.xlsx of every plod, timed, with the server's peak
 * RSS and heap while it ran and the file's size. The same export of the last month's and the last
 * six months' plods come first: peaks that hardly grow from a month to the year show memory bounded
 * by a page of plods; the year's a second time shows what the first left held.
 * Run with NODE_OPTIONS=--expose-gc for figures before each export that hold no garbage, and
 * with --invoice-data-dir (a folder seeded before) for a heap that holds no seeding either.
 */
export async function invoiceBench(options: { plods: number; dataDir?: string }): Promise<void> {
  const until = '2026-11-27';
  const { dataDir, seeding } = await seededYear({ ...options, until });
  const server = createServer({ dataDir, logger: createLogger('silent'), insecureAllowAll: true });
  try {
    // The first answer waits for the server's start (projection catch-up, the reports index).
    await server.app.request('/api/shift-summaries?limit=1');
    await server.rest.projector.flush();
    const contracts = await contractsForSites(server, '2000-01-01');
    await sleep(5_000);
    const count = async (query: string) => {
      const res = await server.app.request(`/api/shift-summaries?limit=1&${query}`);
      return Number(res.headers.get('x-total-count') ?? Number.NaN);
    };
    console.log(
      `\n## Invoice lines of a year: GET /api/charges.xlsx over ${dataDir} (${seeding}; ` +
        `${contracts} contracts made now)`,
    );
    const month = '2026-10-28';
    const half = '2026-05-28';
    const figures = [
      await download(
        server,
        'last 30 days',
        `/api/charges.xlsx?from=${month}&to=${until}`,
        await count(`from=${month}&to=${until}`),
      ),
      await download(
        server,
        'last 6 months',
        `/api/charges.xlsx?from=${half}&to=${until}`,
        await count(`from=${half}&to=${until}`),
      ),
      await download(server, 'every plod', '/api/charges.xlsx', await count('')),
      await download(server, 'every plod, again', '/api/charges.xlsx', await count('')),
    ];
    console.table(figures);
  } finally {
    await server.close();
  }
}
