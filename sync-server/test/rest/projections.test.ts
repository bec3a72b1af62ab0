import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import type { PlodServer } from '../../src/server.ts';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { waitFor } from '../helpers.ts';
import { sqliteTables } from '../support/app-tables.ts';
import { cleanupAfterTenDays, projectionServer, projectionsSuite } from './projections-suite.ts';

const sqliteServer = (dataDir?: string) => projectionServer({}, dataDir);

projectionsSuite(sqliteTables);

describe('reports projection on SQLite: the writer’s lock and the event loop', () => {
  let server: PlodServer;
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
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
  let server: PlodServer;
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
  });

  it('removes only reports soft-deleted more than the site’s cleanup days ago, documents and rows', async () => {
    const t = await sqliteServer();
    server = t.server;
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
