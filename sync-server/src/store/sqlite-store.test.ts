import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { runDocumentStoreContract } from './store-contract.ts';
import type { AppendEntry } from './document-store.ts';

function tempFile(): { file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-store-'));
  return { dir, file: path.join(dir, 'plod.db') };
}

runDocumentStoreContract('SqliteStore', async () => {
  const { dir, file } = tempFile();
  const store = new SqliteStore(file, { synchronous: 'NORMAL' });
  return {
    store,
    cleanup: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteStore', () => {
  it('keeps appended updates across close and reopen', async () => {
    const { dir, file } = tempFile();
    const first = new SqliteStore(file);
    await first.append([{ docName: 'report:1', update: new Uint8Array([1, 2, 3]) }]);
    await first.close();
    const second = new SqliteStore(file);
    const loaded = await second.load('report:1');
    expect(loaded?.updates.map((row) => [...row.update])).toEqual([[1, 2, 3]]);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes nothing of a batch whose transaction fails', async () => {
    const { dir, file } = tempFile();
    const store = new SqliteStore(file);
    const broken = { docName: null, update: new Uint8Array([2]) } as unknown as AppendEntry;
    await expect(
      store.append([{ docName: 'doc', update: new Uint8Array([1]) }, broken]),
    ).rejects.toThrow();
    expect(await store.load('doc')).toBeNull();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves a log kept in the first (rowid) layout into the clustered one, never reusing a seq', async () => {
    const { dir, file } = tempFile();
    // The first layout, as databases written before the clustered log hold it.
    const old = new Database(file);
    old.exec(`
      CREATE TABLE yjs_snapshots (doc_name TEXT PRIMARY KEY, snapshot BLOB NOT NULL,
        snapshot_seq INTEGER NOT NULL, updated_at INTEGER NOT NULL) WITHOUT ROWID;
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
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
