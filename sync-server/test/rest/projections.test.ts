import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { createServer } from '../../src/server.ts';
import type { PlodServer } from '../../src/server.ts';
import { rebuildProjection } from '../../src/projections/projector.ts';
import { ReportTable } from '../../src/projections/report-table.ts';
import { seedDemo } from '../../src/services/demo.ts';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { tempDir, waitFor } from '../helpers.ts';

async function sqliteServer(dataDir = tempDir()) {
  const server = createServer({
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

describe('reports projection', () => {
  let server: PlodServer;
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
  });

  it('equals a projection rebuilt from scratch after many kinds of writes', async () => {
    const t = await sqliteServer();
    server = t.server;
    const site = (await t.call('GET', '/api/sites')).body;
    const siteId = (site as unknown as { id: string }[])[0]?.id;
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(
        (
          await t.call('POST', '/api/shift-summaries', {
            siteId,
            date: `2025-05-0${i + 1}`,
            shiftType: i % 2 ? 'night' : 'day',
          })
        ).body.id,
      );
    }
    await t.call('POST', `/api/run-sheet-entries?shiftSummaryId=${ids[0]}`, { holeId: 'DH001' });
    await t.call('POST', `/api/timesheet-entries?shiftSummaryId=${ids[1]}`, {
      startTime: '06:00',
      endTime: '10:00',
    });
    await t.call('PATCH', `/api/shift-summaries/${ids[2]}`, {
      status: 'completed',
      operator: 'Sam',
    });
    await t.call('PUT', `/api/shift-summaries/${ids[3]}`, { status: 'sent' });
    await t.call('DELETE', `/api/shift-summaries/${ids[4]}`);
    await server.rest.projector.flush();
    const kept = server.rest.projector.table.dump();
    const rebuilt = new ReportTable(new Database(':memory:'));
    expect(await rebuildProjection(server.store, rebuilt)).toBe(6);
    expect(rebuilt.dump()).toEqual(kept);
    expect(kept.find((row) => row.id === ids[4])?.deletedAt).not.toBeNull();
  });

  it('filters by status, site, rig and date range, newest first, in pages', async () => {
    const t = await sqliteServer();
    server = t.server;
    const made: string[] = [];
    for (let day = 1; day <= 9; day += 1) {
      made.push(
        (
          await t.call('POST', '/api/shift-summaries', {
            date: `2025-06-0${day}`,
            status: day % 3 === 0 ? 'completed' : 'active',
          })
        ).body.id,
      );
    }
    const page = await t.server.app.request('/api/shift-summaries?limit=4&offset=2');
    const rows = (await page.json()) as { date: string }[];
    expect(page.headers.get('x-total-count')).toBe('9');
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
  });

  it('lets the event loop in during a long projection pass', async () => {
    const t = await sqliteServer();
    server = t.server;
    const ids: ReportId[] = [];
    for (let i = 0; i < 60; i += 1) {
      ids.push(
        (await t.call('POST', '/api/shift-summaries', { date: '2025-06-10' })).body.id as ReportId,
      );
    }
    const { projector } = server.rest;
    await projector.flush();
    // Every report dirty at once (as after a restart, or a busy shift change): one long pass.
    for (const id of ids) projector.markDirty(id, 0);
    let passDone = false;
    let loopRanDuringPass: boolean | null = null;
    const pass = projector.flush().then(() => {
      passDone = true;
    });
    setImmediate(() => {
      loopRanDuringPass = !passDone;
    });
    await pass;
    expect(loopRanDuringPass).toBe(true);
    const rows = (await (
      await server.app.request('/api/shift-summaries?limit=100')
    ).json()) as unknown[];
    expect(rows).toHaveLength(60);
  });

  it('leaves a pass’s rows for a retry while the writer holds the lock, never waiting on it', async () => {
    const t = await sqliteServer();
    server = t.server;
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body
      .id as ReportId;
    await server.rest.projector.flush();
    const table = server.rest.projector.table;
    const shiftOf = () => table.dump().find((row) => row.id === id)?.shiftType;
    const before = shiftOf();
    expect(before).not.toBe('night');
    await server.manager.transact(reportDocName(id), (doc) =>
      doc.getMap('shift').set('shiftType', 'night'),
    );
    // Another connection takes the write lock before the timed pass (a second after the last).
    const other = new Database(path.join(t.dataDir, DATABASE_FILE));
    other.exec('BEGIN IMMEDIATE');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(shiftOf()).toBe(before);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Waiting in SQLite's busy handler would have held this thread (and the timer above) for the
    // whole busy timeout, then dropped the pass; the retry writes it with no further change.
    await waitFor(() => shiftOf() === 'night', 'the projection after the lock is free', 3_000);
  });

  it('catches up on restart with updates stored after the last projection', async () => {
    const t = await sqliteServer();
    server = t.server;
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body
      .id as ReportId;
    await server.rest.projector.flush();
    // Written straight to the document, bypassing the projector (as if the process died before projecting).
    await server.rest.projector.stop();
    await server.manager.transact(reportDocName(id), (doc) =>
      doc.getMap('shift').set('shiftType', 'night'),
    );
    await server.close();
    const again = await sqliteServer(t.dataDir);
    server = again.server;
    const list = (await again.call('GET', '/api/shift-summaries')).body as unknown as {
      shiftType: string;
    }[];
    expect(list[0]?.shiftType).toBe('night');
  });
});

describe('cleanup of deleted reports', () => {
  let server: PlodServer;
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
  });

  it('removes only reports soft-deleted more than the site’s cleanup days ago, documents and rows', async () => {
    const t = await sqliteServer();
    server = t.server;
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
    expect(result.body).toEqual({ message: 'Cleaned up 1 deleted reports', cleanedCount: 1 });
    const docs = await server.store.listDocuments();
    expect(docs).not.toContain(`report:${old}`);
    expect(docs).toEqual(expect.arrayContaining([`report:${recent}`, `report:${active}`]));
    const rows = server.rest.projector.table.dump().map((row) => row.id);
    expect(rows.sort()).toEqual([recent, active].sort());
    expect((await t.call('POST', '/api/cleanup-deleted-reports')).body.cleanedCount).toBe(0);
  });
});
