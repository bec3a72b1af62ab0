import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteSql } from '../app-db/app-sql.ts';
import { ReportTable } from './report-table.ts';
import type { ReportRow } from './report-row.ts';

const NORMAL = 1;
const FULL = 2;

function row(id: string): ReportRow {
  return {
    id,
    status: 'active',
    siteId: null,
    siteName: null,
    rigId: null,
    rigName: null,
    date: '2026-11-24',
    shiftType: 'day',
    operator: null,
    metres: 12.5,
    hours: 11,
    createdAt: '2026-11-24T06:00:00.000Z',
    updatedAt: '2026-11-24T07:00:00.000Z',
    completedAt: null,
    deletedAt: null,
    bundle: '{}',
    holes: [],
    approvedBy: null,
  };
}

/**
 * Notes `PRAGMA synchronous` each time a statement writing the projection runs (inside the
 * write's transaction, where the setting in force is the one its commit uses).
 */
function watchSynchronous(db: Database.Database): unknown[] {
  const during: unknown[] = [];
  const prepare = db.prepare.bind(db);
  vi.spyOn(db, 'prepare').mockImplementation(((source: string) => {
    const statement = prepare(source);
    if (!source.startsWith('INSERT INTO report_projection')) return statement;
    const run = statement.run.bind(statement);
    return Object.assign(statement, {
      run: (...params: unknown[]) => {
        during.push(db.pragma('synchronous', { simple: true }));
        return run(...params);
      },
    });
  }) as typeof db.prepare);
  return during;
}

describe('ReportTable', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function fullDatabase(): Database.Database {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-projection-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'plod.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    return db;
  }

  it('commits projected rows without an fsync, and leaves the connection fsyncing for the rest', async () => {
    const db = fullDatabase();
    const table = new ReportTable(new SqliteSql(db));
    await table.ready();
    const during = watchSynchronous(db);
    await table.upsert([{ row: row('r1'), seq: 3 }]);
    expect(during).toEqual([NORMAL]);
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    expect((await table.dump()).map((stored) => stored.id)).toEqual(['r1']);

    // A failed write (status is NOT NULL) puts the setting back too, and writes nothing.
    const broken = { ...row('r2'), status: null } as unknown as ReportRow;
    await expect(
      table.upsert([
        { row: row('r3'), seq: 4 },
        { row: broken, seq: 4 },
      ]),
    ).rejects.toThrow();
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    expect((await table.dump()).map((stored) => stored.id)).toEqual(['r1']);
    db.close();
  });

  it('tries an upsert without waiting for a write lock another connection holds', async () => {
    const db = fullDatabase();
    db.pragma('busy_timeout = 2500');
    const table = new ReportTable(new SqliteSql(db));
    await table.ready();
    const other = new Database(db.name);
    other.exec('BEGIN IMMEDIATE');
    expect(await table.tryUpsert([{ row: row('a'), seq: 1 }])).toBe(false);
    expect(await table.dump()).toEqual([]);
    other.exec('ROLLBACK');
    other.close();
    const during = watchSynchronous(db);
    expect(await table.tryUpsert([{ row: row('a'), seq: 1 }])).toBe(true);
    expect((await table.dump()).map((stored) => stored.id)).toEqual(['a']);
    // Without an fsync too, as upsert.
    expect(during).toEqual([NORMAL]);
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    // The connection's own busy timeout is back for everything else.
    expect(db.pragma('busy_timeout', { simple: true })).toBe(2500);
    db.close();
  });

  it('gives a table of the older layout the new columns and marks its rows to project again', async () => {
    const db = fullDatabase();
    db.exec(`CREATE TABLE report_projection (
      id TEXT PRIMARY KEY, status TEXT NOT NULL,
      site_id TEXT, site_name TEXT, rig_id TEXT, rig_name TEXT,
      date TEXT, shift_type TEXT, operator TEXT,
      metres REAL NOT NULL, hours REAL NOT NULL,
      created_at TEXT, updated_at TEXT, completed_at TEXT, deleted_at TEXT,
      sort_key TEXT NOT NULL, bundle TEXT NOT NULL, seq INTEGER NOT NULL)`);
    db.exec(`INSERT INTO report_projection VALUES ('old', 'approved', NULL, NULL, NULL, NULL,
      '2026-11-24', 'day', 'Ann', 1, 1, NULL, NULL, NULL, NULL, 'k', '{}', 9)`);
    const table = new ReportTable(new SqliteSql(db));
    expect(await table.dump()).toMatchObject([{ id: 'old', holes: [], approvedBy: null }]);
    expect(await table.behind(new Map([['report:old', 9]]))).toEqual(new Map([['report:old', 9]]));
    await table.upsert([
      { row: { ...row('old'), operator: ' Ann  LEE', approvedBy: 'Sam' }, seq: 9 },
    ]);
    expect(await table.list({ driller: 'ann lee' }, { limit: 5, offset: 0 })).toMatchObject([
      { id: 'old', approvedBy: 'Sam' },
    ]);
    db.close();
  });

  it("keeps each plod's deepest run of each hole, read by hole, newest plod first", async () => {
    const db = fullDatabase();
    const table = new ReportTable(new SqliteSql(db));
    const end = (holeId: string, toDepth: number, runNumber: number) => ({
      holeId,
      toDepth,
      runNumber,
      stickUp: 0.5,
    });
    const plod = (id: string, date: string, holeEnds: ReturnType<typeof end>[]) => ({
      ...row(id),
      date,
      holeEnds,
    });
    await table.upsert([
      { row: plod('a', '2026-01-01', [end('H1', 10, 4), end('H2', 3, 1)]), seq: 1 },
      { row: plod('b', '2026-01-02', [end('H1', 25, 9)]), seq: 2 },
      { row: plod('c', '2026-01-03', []), seq: 3 },
    ]);
    expect((await table.holeEnds('H1')).map((e) => [e.reportId, e.toDepth, e.runNumber])).toEqual([
      ['b', 25, 9],
      ['a', 10, 4],
    ]);
    expect((await table.holeEnds('H1', 'b')).map((e) => e.reportId)).toEqual(['a']);
    expect(await table.holeDepths()).toEqual(
      new Map([
        ['H1', 25],
        ['H2', 3],
      ]),
    );

    // Deleted, a plod's holes no longer count; its hole whose runs went, neither.
    await table.upsert([
      { row: { ...plod('b', '2026-01-02', [end('H1', 25, 9)]), status: 'deleted' }, seq: 4 },
      { row: plod('a', '2026-01-01', [end('H1', 10, 4)]), seq: 5 },
    ]);
    expect(await table.holeDepths()).toEqual(new Map([['H1', 10]]));
    // An older projection (a rebuild beside the server) changes nothing.
    await table.upsert([{ row: plod('a', '2026-01-01', [end('H2', 40, 12)]), seq: 4 }]);
    expect(await table.dumpHoleEnds()).toMatchObject([
      { reportId: 'a', holeId: 'H1', toDepth: 10 },
      { reportId: 'b', holeId: 'H1', toDepth: 25 },
    ]);
    await table.delete(['b']);
    expect((await table.dumpHoleEnds()).map((e) => e.reportId)).toEqual(['a']);
    await table.replaceAll([{ row: plod('d', '2026-02-01', [end('H3', 7, 3)]), seq: 6 }]);
    expect(await table.dumpHoleEnds()).toMatchObject([{ reportId: 'd', holeId: 'H3' }]);
    db.close();
  });

  it('reads a bit’s plods: those with runs on a hole it was changed on, or a change of it', async () => {
    const db = fullDatabase();
    const table = new ReportTable(new SqliteSql(db));
    const plod = (
      id: string,
      date: string,
      runHoles: string[],
      bitHoles: { bitSerial: string; holeId: string }[],
    ) => ({
      ...row(id),
      date,
      holeEnds: runHoles.map((holeId) => ({ holeId, toDepth: 5, runNumber: 1, stickUp: 0 })),
      bitHoles,
    });
    await table.upsert([
      // In on H1 (no runs there yet); runs on H1 follow on two plods; H2 is another bit's.
      { row: plod('a', '2026-01-01', [], [{ bitSerial: 'X', holeId: 'H1' }]), seq: 1 },
      { row: plod('b', '2026-01-02', ['H1'], []), seq: 2 },
      { row: plod('c', '2026-01-03', ['H2'], [{ bitSerial: 'Y', holeId: 'H2' }]), seq: 3 },
      { row: plod('d', '2026-01-04', ['H1', 'H2'], [{ bitSerial: 'Y', holeId: 'H1' }]), seq: 4 },
    ]);
    const read = async (serial: string, filter = {}) => {
      const { holeIds, rows } = await table.bitPlods(serial, filter);
      return { holeIds, ids: rows.map((r) => r.id) };
    };
    expect(await read('X')).toEqual({ holeIds: ['H1'], ids: ['d', 'b', 'a'] });
    expect(await read('Y')).toEqual({ holeIds: ['H1', 'H2'], ids: ['d', 'c', 'b'] });
    expect(await read('Z')).toEqual({ holeIds: [], ids: [] });
    // The filter narrows the plods, not the holes; a plod projected again without its change
    // leaves the bit's holes, and a plod removed leaves them all.
    await table.upsert([
      { row: { ...plod('b', '2026-01-02', ['H1'], []), status: 'deleted' }, seq: 5 },
    ]);
    expect(await read('X', { statuses: ['active'] })).toEqual({ holeIds: ['H1'], ids: ['d', 'a'] });
    await table.upsert([{ row: plod('a', '2026-01-01', [], []), seq: 6 }]);
    expect(await read('X')).toEqual({ holeIds: [], ids: [] });
    await table.delete(['d']);
    expect(await table.dumpBitHoles()).toEqual([
      { report_id: 'c', bit_serial: 'Y', hole_id: 'H2' },
    ]);
    await table.replaceAll([
      { row: plod('e', '2026-02-01', [], [{ bitSerial: 'X', holeId: 'H3' }]), seq: 7 },
    ]);
    expect(await read('X')).toEqual({ holeIds: ['H3'], ids: ['e'] });
    db.close();
  });

  it.each([
    ['the hole rows', 'report_hole_projection'],
    ['the prices', 'report_projection_priced'],
    ['the bit rows', 'report_bit_hole'],
  ])(
    'marks every row to project again when %s are new beside an existing table',
    async (_, made) => {
      const db = fullDatabase();
      const before = new ReportTable(new SqliteSql(db));
      await before.upsert([{ row: row('kept'), seq: 7 }]);
      db.exec(`DROP TABLE ${made}`);
      const table = new ReportTable(new SqliteSql(db));
      expect(await table.behind(new Map([['report:kept', 7]]))).toEqual(
        new Map([['report:kept', 7]]),
      );
      // Once projected again it is not behind, and a later start leaves it so.
      await table.upsert([{ row: row('kept'), seq: 7 }]);
      const again = new ReportTable(new SqliteSql(db));
      expect(await again.behind(new Map([['report:kept', 7]]))).toEqual(new Map());
      db.close();
    },
  );

  it('reads a summary a page at a time, newest first, without the bundles', async () => {
    const db = fullDatabase();
    const table = new ReportTable(new SqliteSql(db));
    // Seven plods, several on one day: pages of two follow the sort key, none lost or repeated.
    const days = [
      '2026-03-01',
      '2026-03-02',
      '2026-03-02',
      '2026-03-02',
      '2026-03-04',
      '2026-03-04',
      '2026-03-05',
    ];
    await table.upsert(
      days.map((date, i) => ({
        row: {
          ...row(`p${i}`),
          date,
          status: i === 3 ? 'deleted' : 'approved',
          bundle: '{"big":1}',
        },
        seq: i + 1,
      })),
    );
    const pages: ReportRow[][] = [];
    for await (const page of table.summaryPages({ statuses: ['approved'] }, 2)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    const all = await table.all({ statuses: ['approved'] });
    expect(pages.flat().map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(pages.flat().every((r) => r.bundle === '')).toBe(true);
    const none: ReportRow[][] = [];
    for await (const page of table.summaryPages({ siteId: 'nowhere' }, 2)) none.push(page);
    expect(none).toEqual([]);
    db.close();
  });
});
