import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { createServer } from '../../src/server.ts';
import type { PlodServer, ServerOptions } from '../../src/server.ts';
import { rebuildProjection } from '../../src/projections/projector.ts';
import { ReportTable } from '../../src/projections/report-table.ts';
import { seedDemo } from '../../src/services/demo.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { tempDir } from '../helpers.ts';

/** A server with the demo data, its app tables where `options` say (PLOD_DATABASE_URL or not). */
export async function projectionServer(options: ServerOptions, dataDir = tempDir()) {
  const server = createServer({
    ...options,
    dataDir,
    logLevel: 'silent',
    insecureAllowAll: true,
    unloadGraceMs: 50,
    sqliteSynchronous: 'NORMAL',
  });
  await seedDemo(server.rest.docs, server.store);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await server.app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { id: string },
      res,
    };
  };
  return { server, call, dataDir };
}

/**
 * The demo site cleaning up after 10 days, with three plods: `old` deleted 11 days ago, `recent`
 * deleted now and `active` kept; then the site's cleanup, whose answer is `result`.
 */
export async function cleanupAfterTenDays(t: Awaited<ReturnType<typeof projectionServer>>) {
  const siteId = ((await t.call('GET', '/api/sites')).body as unknown as { id: string }[])[0]?.id;
  await t.call('PUT', `/api/sites/${siteId}`, { autoCleanupDays: 10 });
  const make = async () =>
    (await t.call('POST', '/api/shift-summaries', { siteId, date: '2025-01-01' })).body.id;
  const [old, recent, active] = [await make(), await make(), await make()];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 11 * 86_400_000);
  await t.call('DELETE', `/api/shift-summaries/${old}`);
  vi.useRealTimers();
  await t.call('DELETE', `/api/shift-summaries/${recent}`);
  const result = await t.call('POST', `/api/cleanup-deleted-reports?siteId=${siteId}`);
  return { old, recent, active, result };
}

/** The reports projection, on the app tables of `backend` (SQLite and PostgreSQL). */
export function projectionsSuite(backend: AppTablesBackend): void {
  describe(`reports projection (${backend.label})`, () => {
    let server: PlodServer | null = null;
    let options: ServerOptions = {};
    beforeEach(async () => {
      options = await backend.prepare();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await server?.close();
      server = null;
      await backend.cleanup();
    });
    const start = async (dataDir?: string) => {
      const t = await projectionServer(options, dataDir);
      server = t.server;
      return t;
    };

    it('equals a projection rebuilt from scratch after many kinds of writes', async () => {
      const t = await start();
      const site = (await t.call('GET', '/api/sites')).body;
      const siteId = (site as unknown as { id: string }[])[0]?.id;
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const body = { siteId, date: `2025-05-0${i + 1}`, shiftType: i % 2 ? 'night' : 'day' };
        ids.push((await t.call('POST', '/api/shift-summaries', body)).body.id);
      }
      await t.call('POST', `/api/run-sheet-entries?shiftSummaryId=${ids[0]}`, {
        holeId: 'DH001',
        recoveredLength: 1,
      });
      await t.call('POST', `/api/run-sheet-entries?shiftSummaryId=${ids[5]}`, { holeId: 'DH001' });
      await t.call('POST', `/api/run-sheet-entries?shiftSummaryId=${ids[4]}`, { holeId: 'DH002' });
      await t.call('POST', `/api/timesheet-entries?shiftSummaryId=${ids[1]}`, {
        startTime: '06:00',
        endTime: '10:00',
      });
      await t.call('PATCH', `/api/shift-summaries/${ids[2]}`, {
        status: 'completed',
        operator: 'Sam',
      });
      await t.call('PUT', `/api/shift-summaries/${ids[3]}`, { status: 'sent' });
      await t.call('POST', `/api/bit-changes?shiftSummaryId=${ids[3]}`, {
        bitSerial: 'HQ-1',
        holeId: 'DH001',
        action: 'in',
        depth: 0,
      });
      await t.call('DELETE', `/api/shift-summaries/${ids[4]}`);
      await t.server.rest.projector.flush();
      const kept = await t.server.rest.projector.table.dump();
      const keptEnds = await t.server.rest.projector.table.dumpHoleEnds();
      const keptBits = await t.server.rest.projector.table.dumpBitHoles();
      expect(keptBits).toEqual([{ report_id: ids[3], bit_serial: 'HQ-1', hole_id: 'DH001' }]);
      const keptKpis = {
        items: await t.server.rest.projector.table.dumpKpiItems(),
        rigDays: await t.server.rest.projector.table.kpiRigDays({}),
      };
      // The KPI items follow the plods: the recovery of the first plod's run on DH001, and the bit
      // put down it on the fourth (which drilled nothing).
      expect(keptKpis.items).toEqual([
        expect.objectContaining({ report_id: ids[0], kind: 'hole', item: 'DH001', amount: 1 }),
        expect.objectContaining({ report_id: ids[3], kind: 'bit', item: 'HQ-1', amount: 0 }),
      ]);
      expect(kept.find((row) => row.id === ids[4])?.deletedAt).not.toBeNull();
      // The second plod on DH001 continued it from the first; the deleted plod's hole is not deep.
      expect(keptEnds.map((end) => [end.reportId, end.holeId, end.runNumber])).toEqual(
        [
          [ids[0], 'DH001', 1],
          [ids[5], 'DH001', 2],
          [ids[4], 'DH002', 1],
        ].sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
      expect(await t.server.rest.projector.table.holeDepths()).toEqual(
        new Map([['DH001', keptEnds.find((end) => end.reportId === ids[5])?.toDepth]]),
      );
      // Rebuilt in place, from the stored documents, through a connection of its own.
      const rebuilt = await backend.withTables(t.dataDir, async (sql) => {
        const table = new ReportTable(sql);
        expect(await rebuildProjection(t.server.store, table)).toBe(6);
        return {
          rows: await table.dump(),
          ends: await table.dumpHoleEnds(),
          bits: await table.dumpBitHoles(),
          kpis: { items: await table.dumpKpiItems(), rigDays: await table.kpiRigDays({}) },
        };
      });
      expect(rebuilt).toEqual({ rows: kept, ends: keptEnds, bits: keptBits, kpis: keptKpis });
      expect(await t.server.rest.projector.table.dump()).toEqual(kept);
    });

    it('filters by status, site and date range, newest first, in pages', async () => {
      const t = await start();
      const made: string[] = [];
      for (let day = 1; day <= 9; day += 1) {
        const body = { date: `2025-06-0${day}`, status: day % 3 === 0 ? 'completed' : 'active' };
        made.push((await t.call('POST', '/api/shift-summaries', body)).body.id);
      }
      // One without a date: it sorts before every dated one (the sort key compares byte by byte).
      await t.call('POST', '/api/shift-summaries', {});
      const page = await t.server.app.request('/api/shift-summaries?limit=4&offset=3');
      const rows = (await page.json()) as { date: string }[];
      expect(page.headers.get('x-total-count')).toBe('10');
      expect(rows.map((r) => r.date)).toEqual([
        '2025-06-07',
        '2025-06-06',
        '2025-06-05',
        '2025-06-04',
      ]);
      const completed = (await (
        await t.server.app.request(
          '/api/shift-summaries?status=completed&from=2025-06-04&to=2025-06-09',
        )
      ).json()) as { date: string }[];
      expect(completed.map((r) => r.date)).toEqual(['2025-06-09', '2025-06-06']);
      const none = (await (
        await t.server.app.request(`/api/shift-summaries?siteId=${made[0]}`)
      ).json()) as unknown[];
      expect(none).toEqual([]);
      const first = (await (await t.server.app.request('/api/shift-summaries?limit=1')).json()) as {
        date: string | null;
      }[];
      expect(first.map((r) => r.date)).toEqual([null]);
    });

    it('totals the plods a filter lets through per status, as numbers', async () => {
      const t = await start();
      for (const [date, status] of [
        ['2025-09-01', 'active'],
        ['2025-09-02', 'active'],
        ['2025-09-03', 'completed'],
        ['2025-08-31', 'completed'],
      ] as const) {
        await t.call('POST', '/api/shift-summaries', { date, status });
      }
      const res = await t.call('GET', '/api/shift-summaries/totals?from=2025-09-01');
      expect(res.status).toBe(200);
      expect(res.body.statuses).toEqual([
        { status: 'active', count: 2, metres: 0, hours: 0 },
        { status: 'completed', count: 1, metres: 0, hours: 0 },
      ]);
    });

    it('keeps its rows where the app tables are', async () => {
      const t = await start();
      const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-02' })).body.id;
      await t.server.rest.projector.flush();
      const stored = await backend.withTables(t.dataDir, (sql) =>
        sql.all<{ id: string; date: string }>('SELECT id, date FROM report_projection'),
      );
      expect(stored).toEqual([{ id, date: '2025-07-02' }]);
    });

    it('keeps the newest row when two writers upsert the same report at once', async () => {
      const t = await start();
      const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-03' })).body.id;
      const mine = t.server.rest.projector.table;
      await t.server.rest.projector.flush();
      const [row] = await mine.dump();
      const base = ((await mine.seqs()).get(id) ?? 0) + 1_000;
      if (!row) throw new Error('no row');
      await backend.withTables(t.dataDir, async (sql) => {
        const other = new ReportTable(sql);
        await other.ready();
        const write = (table: ReportTable, seq: number) =>
          table.upsert([{ row: { ...row, operator: `seq ${seq}` }, seq }]);
        // Two connections, their writes in flight together, committing in whatever order.
        const writes: Promise<void>[] = [];
        for (let seq = base; seq < base + 40; seq += 1) {
          writes.push(write(seq % 2 === 0 ? mine : other, seq));
        }
        await Promise.all(writes);
        // A writer that read the document before the last change commits last: it is not kept.
        await write(other, base + 7);
        await write(mine, base + 3);
      });
      const [after] = await mine.dump();
      expect(after?.operator).toBe(`seq ${base + 39}`);
      expect((await mine.seqs()).get(id)).toBe(base + 39);
    });

    it('keeps a pass’s rows when the database fails their write, and writes them at the next', async () => {
      const t = await start();
      const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-04' })).body
        .id as ReportId;
      const { projector } = t.server.rest;
      await projector.flush();
      // The database out of reach for one write, whichever pass (timed or a read's) comes first.
      const down = () => Promise.reject(new Error('database unreachable'));
      const spies = [
        vi.spyOn(projector.table, 'upsert').mockImplementationOnce(down),
        vi.spyOn(projector.table, 'tryUpsert').mockImplementationOnce(down),
      ];
      await t.server.manager.transact(reportDocName(id), (doc) =>
        doc.getMap('shift').set('shiftType', 'night'),
      );
      await expect(projector.flush()).rejects.toThrow('database unreachable');
      for (const spy of spies) spy.mockRestore();
      await projector.flush();
      const [row] = (await projector.table.dump()).filter((r) => r.id === id);
      expect(row?.shiftType).toBe('night');
    });

    it('catches up on restart with updates stored after the last projection', async () => {
      const t = await start();
      const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body
        .id as ReportId;
      await t.server.rest.projector.flush();
      // Written straight to the document, bypassing the projector (as if the process died before projecting).
      await t.server.rest.projector.stop();
      await t.server.manager.transact(reportDocName(id), (doc) =>
        doc.getMap('shift').set('shiftType', 'night'),
      );
      await t.server.close();
      server = null;
      const again = await start(t.dataDir);
      const list = (await again.call('GET', '/api/shift-summaries')).body as unknown as {
        shiftType: string;
      }[];
      expect(list[0]?.shiftType).toBe('night');
    });

    it('counts a bit change projected before the bit rows were kept in a bit’s metres', async () => {
      const t = await start();
      await t.call('POST', '/api/bits', { serial: 'HQ-OLD', size: 'HQ' });
      await t.call('POST', '/api/hole-config', { holeId: 'OLD-1', constantStickUp: 0 });
      const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-05' })).body.id;
      const q = `?shiftSummaryId=${id}`;
      const change = { bitSerial: 'HQ-OLD', holeId: 'OLD-1', action: 'in', depth: 0 };
      expect((await t.call('POST', `/api/bit-changes${q}`, change)).status).toBe(201);
      for (let i = 0; i < 2; i += 1) {
        const run = { holeId: 'OLD-1', rodAdded: true, stickUp: 0 };
        expect((await t.call('POST', `/api/run-sheet-entries${q}`, run)).status).toBe(201);
      }
      const metres = (await t.call('GET', '/api/bits/HQ-OLD')).body.lifeToDateMetres;
      expect(metres).toBeGreaterThan(0);
      await t.server.close();
      server = null;
      // As a server of the version before the bit rows left it: the table is not there.
      await backend.withTables(t.dataDir, (sql) => sql.run('DROP TABLE report_bit_hole'));
      const again = await start(t.dataDir);
      expect((await again.call('GET', '/api/bits/HQ-OLD')).body.lifeToDateMetres).toBe(metres);
    });

    it('cleanup removes the rows of reports soft-deleted more than the site’s cleanup days ago', async () => {
      const t = await start();
      const { recent, active, result } = await cleanupAfterTenDays(t);
      expect(result.body).toEqual({ message: 'Cleaned up 1 deleted reports', cleanedCount: 1 });
      const rows = (await t.server.rest.projector.table.dump()).map((row) => row.id);
      expect(rows.sort()).toEqual([recent, active].sort());
      expect((await t.call('POST', '/api/cleanup-deleted-reports')).body.cleanedCount).toBe(0);
    });
  });
}
