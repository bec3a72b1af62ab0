import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import {
  REPORTS_INDEX_DOC_NAME,
  ReportIds,
  createReport,
  readReportsIndex,
  reportDocName,
} from '@plod/model';
import type { ReportId } from '@plod/model';
import type { PlodServer } from '../../src/server.ts';
import { createLogger } from '../../src/logger.ts';
import { Projector, rebuildProjection } from '../../src/projections/projector.ts';
import { ReportTable } from '../../src/projections/report-table.ts';
import { openStorage } from '../../src/storage.ts';
import { applyStored } from '../../src/docs/stored-document.ts';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { waitFor } from '../helpers.ts';
import { sqliteTables } from '../support/app-tables.ts';
import { cleanupAfterTenDays, projectionServer, projectionsSuite } from './projections-suite.ts';

/**
 * SQLite projection servers for the tests of the enclosing block: `start` one, `stop` it. After each
 * test the one still running is closed, and the clock and mocks are put back.
 */
function sqliteServers() {
  let server: PlodServer | null = null;
  const stop = async () => {
    await server?.close();
    server = null;
  };
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await stop();
  });
  const start = async (dataDir?: string) => {
    const t = await projectionServer({}, dataDir);
    server = t.server;
    return t;
  };
  return { start, stop, running: () => server };
}

projectionsSuite(sqliteTables);

describe('reports projection on SQLite: the writer’s lock and the event loop', () => {
  const { start } = sqliteServers();

  it('lets the event loop in during a long projection pass', async () => {
    const t = await start();
    const { server } = t;
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
    const t = await start();
    const { server } = t;
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body
      .id as ReportId;
    await server.rest.projector.flush();
    const table = server.rest.projector.table;
    const shiftOf = async () => (await table.dump()).find((row) => row.id === id)?.shiftType;
    const before = await shiftOf();
    expect(before).not.toBe('night');
    await server.manager.transact(reportDocName(id), (doc) =>
      doc.getMap('shift').set('shiftType', 'night'),
    );
    // Another connection takes the write lock before the timed pass (a second after the last).
    const other = new Database(path.join(t.dataDir, DATABASE_FILE));
    other.exec('BEGIN IMMEDIATE');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await shiftOf()).toBe(before);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Waiting in SQLite's busy handler would have held this thread (and the timer above) for the
    // whole busy timeout, then dropped the pass; the retry writes it with no further change.
    await waitFor(
      async () => (await shiftOf()) === 'night',
      'the projection after the lock is free',
      3_000,
    );
  });
});

describe('cleanup of deleted reports', () => {
  const { start } = sqliteServers();

  it('removes only reports soft-deleted more than the site’s cleanup days ago, documents and rows', async () => {
    const t = await start();
    const { server } = t;
    const { old, recent, active, result } = await cleanupAfterTenDays(t);
    expect(result.body).toEqual({ message: 'Cleaned up 1 deleted reports', cleanedCount: 1 });
    const docs = await server.store.listDocuments();
    expect(docs).not.toContain(`report:${old}`);
    expect(docs).toEqual(expect.arrayContaining([`report:${recent}`, `report:${active}`]));
    const rows = (await server.rest.projector.table.dump()).map((row) => row.id);
    expect(rows.sort()).toEqual([recent, active].sort());
    expect((await t.call('POST', '/api/cleanup-deleted-reports')).body.cleanedCount).toBe(0);
  });
});

describe('the reports index at start', () => {
  const { start, stop, running } = sqliteServers();
  /** What the index document holds, by report id, once every change so far is projected. */
  const indexRows = async () => {
    const { projector, docs } = running()?.rest ?? {};
    if (!projector || !docs) throw new Error('no server');
    await projector.flush();
    await projector.index?.idle();
    const rows = await docs.manager.read(REPORTS_INDEX_DOC_NAME, readReportsIndex);
    return new Map(rows.map((row) => [row.id, row]));
  };
  /** Runs `write` on the data folder's storage while no server is running. */
  const whileDown = async (
    dataDir: string,
    write: (storage: ReturnType<typeof openStorage>) => Promise<unknown>,
  ) => {
    const storage = openStorage({ dataDir }, createLogger('silent'));
    try {
      await write(storage);
    } finally {
      await storage.store.close();
      await storage.appDb.close();
    }
  };
  const reconciles = () => vi.spyOn(Projector.prototype, 'reconcileIndex');

  it('is trusted after a clean stop, and a plod written while the server was down is still listed in it', async () => {
    const t = await start();
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body
      .id as ReportId;
    expect((await indexRows()).get(id)?.shiftType).not.toBe('night');
    await stop();

    // While it is down (or an older version runs without projecting): a new plod, and a change to
    // one the index lists, stored straight into the documents.
    const added = ReportIds.create();
    await whileDown(t.dataDir, async ({ store }) => {
      const doc = new Y.Doc();
      createReport(doc, { id: added, shift: { date: '2025-07-02', shiftType: 'day' } });
      await store.append([{ docName: reportDocName(added), update: Y.encodeStateAsUpdate(doc) }]);
      const stored = await store.load(reportDocName(id));
      if (!stored) throw new Error('the plod is not stored');
      const plod = new Y.Doc();
      applyStored(plod, stored);
      const before = Y.encodeStateVector(plod);
      plod.getMap('shift').set('shiftType', 'night');
      const update = Y.encodeStateAsUpdate(plod, before);
      await store.append([{ docName: reportDocName(id), update }]);
    });

    const reconcile = reconciles();
    await start(t.dataDir);
    const rows = await indexRows();
    expect(reconcile).not.toHaveBeenCalled();
    expect(rows.get(added)).toMatchObject({ id: added, date: '2025-07-02', shiftType: 'day' });
    expect(rows.get(id)?.shiftType).toBe('night');
  });

  it('is reconciled when a table row changed without it since the stop (an older version, a crash between the two)', async () => {
    const t = await start();
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body.id;
    await indexRows();
    await stop();
    // A row written at the seq it had, its index write never made.
    const db = new Database(path.join(t.dataDir, DATABASE_FILE));
    db.prepare(`UPDATE report_projection SET operator = 'Written elsewhere' WHERE id = ?`).run(id);
    db.close();

    const reconcile = reconciles();
    await start(t.dataDir);
    expect((await indexRows()).get(id)?.operator).toBe('Written elsewhere');
    expect(reconcile).toHaveBeenCalledOnce();
  });

  it('is reconciled when its document was written since the stop', async () => {
    const t = await start();
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body.id;
    await indexRows();
    await stop();
    await whileDown(t.dataDir, async ({ store }) => {
      const forged = new Y.Doc();
      forged.getMap('rows').delete(id);
      forged.getMap('rows').set('no-such-plod', { id: 'no-such-plod' });
      await store.append([
        { docName: REPORTS_INDEX_DOC_NAME, update: Y.encodeStateAsUpdate(forged) },
      ]);
    });

    const reconcile = reconciles();
    await start(t.dataDir);
    expect([...(await indexRows()).keys()]).toEqual([id]);
    expect(reconcile).toHaveBeenCalledOnce();
  });

  it('is reconciled after a rebuild from the command line, even one run while the server ran', async () => {
    const t = await start();
    const id = (await t.call('POST', '/api/shift-summaries', { date: '2025-07-01' })).body.id;
    await indexRows();
    // The rebuild on its own connections, writing no index, while the server runs.
    const other = openStorage({ dataDir: t.dataDir }, createLogger('silent'));
    expect(await rebuildProjection(other.store, new ReportTable(other.appDb.sql))).toBe(1);
    await other.store.close();
    await other.appDb.close();
    await stop();

    const reconcile = reconciles();
    await start(t.dataDir);
    expect([...(await indexRows()).keys()]).toEqual([id]);
    expect(reconcile).toHaveBeenCalledOnce();
  });
});
