import { createLogger } from '../src/logger.ts';
import { openStorage } from '../src/storage.ts';
import { ReportTable } from '../src/projections/report-table.ts';
import { seedYear } from '../src/seed/seed.ts';
import { measureLatency } from './latency.ts';
import { percentile, round, sleep, startServer, tempDir } from './processes.ts';
import type { BenchServer } from './processes.ts';

export interface YearOptions {
  /** Plods on the server, smallest first (the ratios compare the last with the first). */
  sizes: number[];
  /** REST add-run requests measured per size. */
  adds: number;
  /** List page requests measured per size (each kind). */
  pages: number;
  /** Runs of the plod the PDF is made of. */
  pdfRuns: number;
}

interface SizeFigures {
  plods: number;
  seedS: number;
  idleRssMb: number;
  settledRssMb: number;
  addP50: number;
  addP99: number;
  listP99: number;
  filteredP99: number;
  csvS?: number;
  csvPeakRssMb?: number;
  csvMb?: number;
  xlsxS?: number;
  xlsxPeakRssMb?: number;
  xlsxMb?: number;
}

async function call(
  server: BenchServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Milliseconds `run` takes, each of `count` times in a row, sorted. */
async function timings(count: number, run: (i: number) => Promise<unknown>): Promise<Float64Array> {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await run(i);
    out[i] = performance.now() - started;
  }
  return out.sort();
}

/** Time of one request and the server's highest RSS while it ran (sampled every 10 ms). */
async function withPeakRss(
  server: BenchServer,
  run: () => Promise<number>,
): Promise<{ s: number; peakMb: number; mb: number }> {
  let peak = server.rssKb();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssKb());
  }, 10);
  const started = performance.now();
  try {
    const bytes = await run();
    return {
      s: round((performance.now() - started) / 1000, 2),
      peakMb: round(peak / 1024, 1),
      mb: round(bytes / 1e6, 2),
    };
  } finally {
    clearInterval(timer);
  }
}

async function seeded(plods: number): Promise<{ dataDir: string; seedS: number }> {
  const dataDir = tempDir();
  const storage = openStorage({ dataDir }, createLogger('silent'));
  try {
    const result = await seedYear(storage.store, new ReportTable(storage.appDb.sql), { plods });
    return { dataDir, seedS: round(result.ms / 1000, 1) };
  } finally {
    await storage.store.close();
    await storage.appDb.close();
  }
}

interface ListItem {
  id: string;
  status: string;
  siteId: string | null;
  date: string | null;
}

/**
 * The server's RSS at rest: the lowest of a reading every 5 s over 90 s with nothing asked of it
 * (the reports index unloads 10 s after its start-up reconcile, and a full collection follows once
 * no document is in memory: extensions/resting-heap.ts).
 */
async function restingRssKb(server: { rssKb: () => number }): Promise<number> {
  let lowest = server.rssKb();
  for (let waited = 0; waited < 90_000; waited += 5_000) {
    await sleep(5_000);
    lowest = Math.min(lowest, server.rssKb());
  }
  return lowest;
}

async function measureSize(plods: number, options: YearOptions): Promise<SizeFigures> {
  const { dataDir, seedS } = await seeded(plods);
  const server = await startServer('plod', { dataDir, startTimeoutMs: 600_000 });
  try {
    // Started: let it settle (projection catch-up, reports index), then read its memory at rest.
    await call(server, 'GET', '/api/shift-summaries?limit=1');
    await sleep(5_000);
    const idleRssMb = round(server.rssKb() / 1024, 1);
    const settledRssMb = round((await restingRssKb(server)) / 1024, 1);

    const newest = (await (
      await call(server, 'GET', '/api/shift-summaries?limit=50&status=active')
    ).json()) as ListItem[];
    const target = newest[0];
    if (!target) throw new Error('no active plod to add runs to');
    const runs = (await (
      await call(server, 'GET', `/api/run-sheet-entries?shiftSummaryId=${target.id}`)
    ).json()) as { holeId: string }[];
    const holeId = runs[0]?.holeId;
    if (!holeId) throw new Error('the active plod has no hole');
    const adds = await timings(options.adds, () =>
      call(server, 'POST', `/api/run-sheet-entries?shiftSummaryId=${target.id}`, {
        holeId,
        rodAdded: true,
        stickUp: 0.5,
      }),
    );
    const list = await timings(options.pages, (i) =>
      call(server, 'GET', `/api/shift-summaries?limit=50&offset=${(i % 10) * 50}`),
    );
    const siteId = target.siteId ?? '';
    const filtered = await timings(options.pages, (i) =>
      call(
        server,
        'GET',
        `/api/shift-summaries?limit=50&offset=${(i % 5) * 50}&status=approved,completed` +
          `&siteId=${siteId}&from=2000-01-01`,
      ),
    );
    const figures: SizeFigures = {
      plods,
      seedS,
      idleRssMb,
      settledRssMb,
      addP50: round(percentile(adds, 50), 1),
      addP99: round(percentile(adds, 99), 1),
      listP99: round(percentile(list, 99), 1),
      filteredP99: round(percentile(filtered, 99), 1),
    };
    const body = async (path: string) =>
      (await (await call(server, 'GET', path)).arrayBuffer()).byteLength;
    const csv = await withPeakRss(server, () => body('/api/shift-summaries/export.csv'));
    const xlsx = await withPeakRss(server, () => body('/api/shift-summaries/export.xlsx'));
    Object.assign(figures, {
      csvS: csv.s,
      csvPeakRssMb: csv.peakMb,
      csvMb: csv.mb,
      xlsxS: xlsx.s,
      xlsxPeakRssMb: xlsx.peakMb,
      xlsxMb: xlsx.mb,
    });
    return figures;
  } finally {
    await server.stop();
  }
}

/** REST add-run up to `runs` runs on one plod, then its PDF (five times, the median). */
async function pdfOfRuns(
  runs: number,
): Promise<{ addS: number; lastAddsMs: number; pdfMs: number }> {
  const server = await startServer('plod');
  try {
    const sites = (await (await call(server, 'GET', '/api/sites')).json()) as { id: string }[];
    const rigs = (await (await call(server, 'GET', '/api/rigs')).json()) as { id: string }[];
    const created = (await (
      await call(server, 'POST', '/api/shift-summaries', {
        siteId: sites[0]?.id,
        rigId: rigs[0]?.id,
        date: '2026-11-27',
        shiftType: 'day',
        startTime: '06:00',
        endTime: '18:00',
      })
    ).json()) as { id: string };
    await call(server, 'POST', '/api/hole-config', { holeId: 'BENCH-1000', targetDepth: 5_000 });
    const started = performance.now();
    const each = await timings(runs, () =>
      call(server, 'POST', `/api/run-sheet-entries?shiftSummaryId=${created.id}`, {
        holeId: 'BENCH-1000',
        rodAdded: true,
        stickUp: 0.5,
      }),
    );
    const addS = round((performance.now() - started) / 1000, 1);
    const pdf = await timings(5, () =>
      call(server, 'GET', `/api/shift-summaries/${created.id}/pdf`).then((r) => r.arrayBuffer()),
    );
    return {
      addS,
      lastAddsMs: round(percentile(each, 50), 1),
      pdfMs: round(percentile(pdf, 50), 0),
    };
  } finally {
    await server.stop();
  }
}

export async function yearBench(options: YearOptions): Promise<void> {
  console.log(
    `\n## A year of data: ${options.sizes.join(' and ')} plods on one server ` +
      `(${options.adds} REST add-runs, ${options.pages} list pages each)`,
  );
  const sizes: SizeFigures[] = [];
  for (const plods of options.sizes) sizes.push(await measureSize(plods, options));
  console.table(sizes, [
    'plods',
    'seedS',
    'idleRssMb',
    'settledRssMb',
    'addP50',
    'addP99',
    'listP99',
    'filteredP99',
  ]);
  console.table(sizes, [
    'plods',
    'csvS',
    'csvPeakRssMb',
    'csvMb',
    'xlsxS',
    'xlsxPeakRssMb',
    'xlsxMb',
  ]);
  const small = sizes[0];
  const large = sizes.at(-1);
  if (small && large && small !== large) {
    console.log(
      `ratio ${large.plods}/${small.plods}: add-run p50 ${round(large.addP50 / small.addP50)} ` +
        `(target <= 1.5), p99 ${round(large.addP99 / small.addP99)}; RSS at rest ` +
        `${round(large.settledRssMb / small.settledRssMb)} (target <= 1.2; 5 s after the first ` +
        `answer ${round(large.idleRssMb / small.idleRssMb)})`,
    );
  }
  const pdf = await pdfOfRuns(options.pdfRuns);
  console.log(
    `one plod of ${options.pdfRuns} runs added over REST: ${pdf.addS} s in all ` +
      `(median add ${pdf.lastAddsMs} ms); its PDF: median ${pdf.pdfMs} ms of 5 (target < 500 ms)`,
  );
  // One phone typing into a plod, another watching: ours against the in-memory reference.
  const relay = {
    docs: 1,
    clientsPerDoc: 2,
    ratePerSecond: 5,
    durationMs: 10_000,
    warmupMs: 2_000,
  };
  const latency = { ...relay, workers: 1, rounds: 1, maxSteal: 1 };
  const reference = await measureLatency('reference', latency);
  const ours = await measureLatency('plod', latency);
  console.log(
    `relay, one phone typing (5 edits/s, another phone watching): p50 ours ${ours.p50} ms, ` +
      `reference ${reference.p50} ms (ratio ${round(ours.p50 / reference.p50)}); p99 ours ` +
      `${ours.p99} ms, reference ${reference.p99} ms`,
  );
}
