// pnpm --filter @plod/sync-server bench:rest
// REST figures: GET /api/shift-summaries paged over 10,000 reports (p50/p99), unfiltered and with
// the plod filter (driller, status sets, dates with site and driller; issue 17's target: filtered
// p99 under 50 ms), the CSV export of a site with 1,000 completed reports, and the one-row-per-plod
// summary of 1,000 plods as CSV and XLSX. Documents are written straight to a temp SQLite store,
// the projection is rebuilt from them (timed too), then requests go through the real app
// in-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import {
  ReportIds,
  SETUP_DOC_NAME,
  addRig,
  addSite,
  addTimesheetEntry,
  applyShiftSummaryUpdate,
  createReport,
  initSetupDoc,
  reportDocName,
} from '@plod/model';
import type { SiteId } from '@plod/model';
import { createServer } from '../src/server.ts';
import { rebuildProjection } from '../src/projections/projector.ts';
import { ReportTable } from '../src/projections/report-table.ts';
import { SqliteSql } from '../src/app-db/app-sql.ts';
import { DATABASE_FILE, SqliteStore } from '../src/store/sqlite-store.ts';

const REPORTS = 10_000;
const EXPORTED = 1_000;
const REQUESTS = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function seed(dir: string): Promise<SiteId> {
  const store = new SqliteStore(path.join(dir, DATABASE_FILE), { synchronous: 'NORMAL' });
  const setup = new Y.Doc();
  initSetupDoc(setup);
  const exportSite = addSite(setup, { siteName: 'Export Site' });
  const otherSite = addSite(setup, { siteName: 'Other Site' });
  const rigs = [
    addRig(setup, { rigName: 'Rig A', siteId: otherSite }),
    addRig(setup, { rigName: 'Rig B', siteId: otherSite }),
  ];
  await store.append([{ docName: SETUP_DOC_NAME, update: Y.encodeStateAsUpdate(setup) }]);
  let batch: { docName: string; update: Uint8Array }[] = [];
  for (let i = 0; i < REPORTS; i += 1) {
    const doc = new Y.Doc();
    const id = ReportIds.create();
    const day = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    createReport(doc, { id });
    applyShiftSummaryUpdate(doc, {
      siteId: i < EXPORTED ? exportSite : otherSite,
      rigId: i < EXPORTED ? null : rigs[i % 2],
      date: day,
      shiftType: i % 2 ? 'night' : 'day',
      startTime: '06:00',
      endTime: '18:00',
      operator: `Driller ${i % 40}`,
      notes: i % 7 === 0 ? 'Ground, "broken"' : null,
      status: i < EXPORTED || i % 5 === 0 ? 'completed' : i % 5 === 1 ? 'sent' : 'active',
    });
    addTimesheetEntry(doc, { startTime: '06:00', endTime: '12:00', activity: 'drilling' });
    addTimesheetEntry(doc, { startTime: '12:30', endTime: '18:00', activity: 'drilling' });
    batch.push({ docName: reportDocName(id), update: Y.encodeStateAsUpdate(doc) });
    doc.destroy();
    if (batch.length === 500) {
      await store.append(batch);
      batch = [];
    }
  }
  await store.append(batch);
  const started = performance.now();
  const rows = await rebuildProjection(store, new ReportTable(new SqliteSql(store.database)));
  console.log(`projection rebuild: ${rows} reports in ${ms(performance.now() - started)}`);
  await store.close();
  return exportSite;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-rest-bench-'));
try {
  const siteId = await seed(dir);
  const server = createServer({ dataDir: dir, logLevel: 'warn', insecureAllowAll: true });
  // The start writes every row into the reports index document; measure once that is done.
  await server.rest.projector.flush();
  await server.rest.projector.index?.idle();
  const unfiltered = [
    '',
    '&status=active',
    '&status=completed',
    `&siteId=${siteId}`,
    '&from=2025-03-01&to=2025-06-30',
  ];
  // The plod filter as Live Reports and Plods send it: a driller, a status set, a date range with a
  // site and a driller (any case), a range with a status set and a driller.
  const filtered = [
    '&driller=Driller%207',
    '&status=sent,completed',
    `&siteId=${siteId}&from=2025-03-01&to=2025-06-30&driller=driller%203`,
    '&from=2025-01-01&to=2025-12-31&status=active,sent&driller=DRILLER%2012',
  ];
  const measure = async (label: string, queries: readonly string[]) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const offset = ((i * 37) % 10) * 25;
      const url = `/api/shift-summaries?limit=25&offset=${offset}${queries[i % queries.length]}`;
      const started = performance.now();
      const res = await server.app.request(url);
      await res.arrayBuffer();
      if (i >= 100) times.push(performance.now() - started); // the first 100 warm up
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      if (res.headers.get('X-Total-Count') === null) throw new Error(`${url}: no total`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET /api/shift-summaries ${label} (limit 25, ${REPORTS} reports, ${times.length} requests): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
    );
  };
  await measure('unfiltered and by status, site or dates', unfiltered);
  await measure('with the plod filter (target p99 < 50 ms)', filtered);
  const exports: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const res = await server.app.request(`/api/sites/${siteId}/export-csv`);
    bytes = (await res.arrayBuffer()).byteLength;
    exports.push(performance.now() - started);
  }
  exports.sort((a, b) => a - b);
  console.log(
    `GET /api/sites/{id}/export-csv (${EXPORTED} completed reports, ${(bytes / 1e6).toFixed(1)} MB): median ${ms(percentile(exports, 50))}, worst ${ms(exports.at(-1) ?? 0)} (target < 1 s)`,
  );
  for (const [format, query] of [
    ['csv', `?siteId=${siteId}`],
    ['xlsx', `?siteId=${siteId}`],
  ] as const) {
    const runs: number[] = [];
    let size = 0;
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const res = await server.app.request(`/api/shift-summaries/export.${format}${query}`);
      size = (await res.arrayBuffer()).byteLength;
      runs.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`export.${format}: ${res.status}`);
    }
    runs.sort((a, b) => a - b);
    console.log(
      `GET /api/shift-summaries/export.${format} (${EXPORTED} plods, ${(size / 1e3).toFixed(0)} KB): median ${ms(percentile(runs, 50))}, worst ${ms(runs.at(-1) ?? 0)}`,
    );
  }
  await server.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
