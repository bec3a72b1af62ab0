import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { runFileStoreContract, tempDbFile } from './store-contract.ts';
import type { AppendEntry } from './document-store.ts';

/** The snapshots table, the same in every layout of the log so far. */
const SNAPSHOTS_TABLE = `
  CREATE TABLE yjs_snapshots (doc_name TEXT PRIMARY KEY, snapshot BLOB NOT NULL,
    snapshot_seq INTEGER NOT NULL, updated_at INTEGER NOT NULL) WITHOUT ROWID;`;

runFileStoreContract(
  'SqliteStore',
  'plod-store-',
  (file) => new SqliteStore(file, { synchronous: 'NORMAL' }),
);

describe('SqliteStore', () => {
  // Each test's database file, in a folder of its own removed after the test.
  let dir: string;
  let file: string;
  beforeEach(() => {
    ({ dir, file } = tempDbFile('plod-store-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps appended updates across close and reopen', async () => {
    const first = new SqliteStore(file);
    await first.append([{ docName: 'report:1', update: new Uint8Array([1, 2, 3]) }]);
    await first.close();
    const second = new SqliteStore(file);
    const loaded = await second.load('report:1');
    expect(loaded?.updates.map((row) => [...row.update])).toEqual([[1, 2, 3]]);
    await second.close();
  });

  it('writes nothing of a batch whose transaction fails', async () => {
    const store = new SqliteStore(file);
    const broken = { docName: null, update: new Uint8Array([2]) } as unknown as AppendEntry;
    await expect(
      store.append([{ docName: 'doc', update: new Uint8Array([1]) }, broken]),
    ).rejects.toThrow();
    expect(await store.load('doc')).toBeNull();
    await store.close();
  });

  it('moves a log kept in the first (rowid) layout into the journal, never reusing a seq', async () => {
    // The first layout, as databases written before the clustered log hold it.
    const old = new Database(file);
    old.exec(`${SNAPSHOTS_TABLE}
      CREATE TABLE yjs_updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, doc_name TEXT NOT NULL,
        data BLOB NOT NULL);
      CREATE INDEX yjs_updates_doc_seq ON yjs_updates (doc_name, seq);`);
    const insert = old.prepare('INSERT INTO yjs_updates (doc_name, data) VALUES (?, ?)');
    for (const [name, byte] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['b', 4],
      ['b', 5],
    ] as const) {
      insert.run(name, Buffer.from([byte]));
    }
    old
      .prepare('INSERT INTO yjs_snapshots VALUES (?, ?, ?, ?)')
      .run('c', Buffer.from([9]), 2, Date.now());
    // Seqs 4 and 5 were handed out, then compacted away: AUTOINCREMENT still counts them.
    old.exec(`DELETE FROM yjs_updates WHERE seq >= 4`);
    old.close();

    const store = new SqliteStore(file);
    expect((await store.load('a'))?.updates).toEqual([
      { seq: 1, update: new Uint8Array([1]) },
      { seq: 3, update: new Uint8Array([3]) },
    ]);
    expect((await store.load('b'))?.updates).toEqual([{ seq: 2, update: new Uint8Array([2]) }]);
    expect(await store.load('c')).toEqual({
      snapshot: new Uint8Array([9]),
      snapshotSeq: 2,
      updates: [],
    });
    expect(await store.append([{ docName: 'b', update: new Uint8Array([6]) }])).toEqual([6]);
    const tables = store.database
      .prepare<[], string>(`SELECT name FROM sqlite_master WHERE name LIKE 'yjs_updates%'`)
      .pluck()
      .all();
    expect(tables).toEqual([]);
    await store.close();

    // Opened again: the counter carries on where it was.
    const again = new SqliteStore(file);
    expect(await again.append([{ docName: 'a', update: new Uint8Array([7]) }])).toEqual([7]);
    expect(await again.listDocuments()).toEqual(['a', 'b', 'c']);
    await again.close();
  });

  it('moves a log kept clustered by document into the journal, with what each document still needs', async () => {
    // The second layout, as databases written before the journal hold it.
    const old = new Database(file);
    old.exec(`${SNAPSHOTS_TABLE}
      CREATE TABLE yjs_log (doc_name TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL,
        PRIMARY KEY (doc_name, seq)) WITHOUT ROWID;
      CREATE TABLE yjs_log_seq (id INTEGER PRIMARY KEY CHECK (id = 1), next_seq INTEGER NOT NULL);
      INSERT INTO yjs_log_seq VALUES (1, 12);`);
    const insert = old.prepare('INSERT INTO yjs_log VALUES (?, ?, ?)');
    for (const [name, seq] of [
      ['b', 9],
      ['a', 5],
      ['a', 10],
      ['c', 11],
    ] as const) {
      insert.run(name, seq, Buffer.from([seq]));
    }
    // 'c' was compacted through 7; 'd' has a snapshot alone.
    const snapshot = old.prepare('INSERT INTO yjs_snapshots VALUES (?, ?, ?, ?)');
    snapshot.run('c', Buffer.from([7]), 7, Date.now());
    snapshot.run('d', Buffer.from([3]), 3, Date.now());
    old.close();

    const store = new SqliteStore(file);
    expect((await store.load('a'))?.updates.map((row) => row.seq)).toEqual([5, 10]);
    expect((await store.load('b'))?.updates.map((row) => row.seq)).toEqual([9]);
    expect(await store.load('c')).toEqual({
      snapshot: new Uint8Array([7]),
      snapshotSeq: 7,
      updates: [{ seq: 11, update: new Uint8Array([11]) }],
    });
    expect((await store.load('d'))?.snapshotSeq).toBe(3);
    expect(await store.oldestUncompacted(10)).toEqual([
      { docName: 'a', appendedSince: 7 },
      { docName: 'b', appendedSince: 3 },
      { docName: 'c', appendedSince: 1 },
    ]);
    expect(await store.append([{ docName: 'd', update: new Uint8Array([12]) }])).toEqual([12]);
    expect(await store.listDocuments()).toEqual(['a', 'b', 'c', 'd']);
    const tables = store.database
      .prepare<[], string>(`SELECT name FROM sqlite_master WHERE name = 'yjs_log'`)
      .pluck()
      .all();
    expect(tables).toEqual([]);
    await store.close();
  });

  it('cuts the journal up to the oldest update a document still needs, and no further', async () => {
    const store = new SqliteStore(file);
    const journal = () =>
      store.database
        .prepare<[], { seq: number; doc_name: string }>(
          'SELECT seq, doc_name FROM yjs_journal ORDER BY seq',
        )
        .all()
        .map((row) => `${row.doc_name}${row.seq}`);
    const [a1, , a3] = await store.append([
      { docName: 'a', update: new Uint8Array([1]) },
      { docName: 'b', update: new Uint8Array([2]) },
      { docName: 'a', update: new Uint8Array([3]) },
    ]);
    await store.append([{ docName: 'c', update: new Uint8Array([4]) }]);
    // 'a' through its first update: 'b' (seq 2) still needs the journal from 2 on.
    await store.compact('a', new Uint8Array([9]), a1 ?? 0);
    expect(journal()).toEqual(['b2', 'a3', 'c4']);
    // 'b' deleted: 'a' needs 3 on.
    await store.delete('b');
    expect(journal()).toEqual(['a3', 'c4']);
    await store.compact('a', new Uint8Array([9, 9]), a3 ?? 0);
    expect(journal()).toEqual(['c4']);
    expect((await store.load('c'))?.updates.map((row) => row.seq)).toEqual([4]);
    await store.compact('c', new Uint8Array([8]), 4);
    expect(journal()).toEqual([]);
    expect(await store.oldestUncompacted(10)).toEqual([]);
    expect((await store.load('a'))?.snapshot).toEqual(new Uint8Array([9, 9]));
    await store.close();
  });
});
