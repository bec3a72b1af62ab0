import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { packEntries } from './document-store.ts';
import type { DocumentStore, StoredDocument } from './document-store.ts';

export interface StoreFixture {
  store: DocumentStore;
  /** Closes the store and removes what it wrote. */
  cleanup(): Promise<void>;
}

const u = (...values: number[]) => new Uint8Array(values);

function updateSetting(key: string, value: number): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('m').set(key, value);
  return Y.encodeStateAsUpdate(doc);
}

function stateOf(stored: StoredDocument | null): unknown {
  const doc = new Y.Doc();
  if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const row of stored?.updates ?? []) Y.applyUpdate(doc, row.update);
  return doc.getMap('m').toJSON();
}

/** A new folder (named from `prefix`) and the path of a database file in it, not made yet. */
export function tempDbFile(prefix: string): { file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, file: path.join(dir, 'plod.db') };
}

/** The contract for a store over a database file of its own, removed with its folder on cleanup. */
export function runFileStoreContract(
  name: string,
  prefix: string,
  open: (file: string) => DocumentStore,
): void {
  runDocumentStoreContract(name, async () => {
    const { dir, file } = tempDbFile(prefix);
    const store = open(file);
    return {
      store,
      cleanup: async () => {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

/** The behaviour every DocumentStore must have; each implementation runs it from its own test file. */
export function runDocumentStoreContract(name: string, create: () => Promise<StoreFixture>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: DocumentStore;
    beforeEach(async () => {
      fixture = await create();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('appends a packed batch as it appends entries, views into a larger buffer included', async () => {
      const packed = packEntries([
        { docName: 'a', update: u(1, 1) },
        { docName: 'b', update: u(2) },
        { docName: 'a', update: u(3, 3, 3) },
      ]);
      const seqs = await store.appendPacked(packed);
      expect(seqs).toHaveLength(3);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      // Entries 'c' and 'b' as views: the names and ends of a batch cut out of a bigger buffer.
      const buffer = u(9, 9, 4, 5, 5, 9);
      const [later] = await store.appendPacked({
        names: ['c'],
        data: buffer.subarray(2, 5),
        ends: new Uint32Array([1, 3]).subarray(0, 1),
      });
      expect(later).toBeGreaterThan(seqs[2] ?? Infinity);
      expect((await store.load('a'))?.updates.map((row) => [...row.update])).toEqual([
        [1, 1],
        [3, 3, 3],
      ]);
      expect((await store.load('b'))?.updates.map((row) => row.seq)).toEqual([seqs[1]]);
      expect((await store.load('c'))?.updates.map((row) => [...row.update])).toEqual([[4]]);
      expect([...buffer]).toEqual([9, 9, 4, 5, 5, 9]);
    });

    it('loads null for a document never stored', async () => {
      expect(await store.load('report:none')).toBeNull();
      expect(await store.listDocuments()).toEqual([]);
    });

    it('appends a batch across documents with increasing seqs and loads each in order', async () => {
      const seqs = await store.append([
        { docName: 'a', update: u(1) },
        { docName: 'b', update: u(2) },
        { docName: 'a', update: u(3) },
      ]);
      expect(seqs).toHaveLength(3);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(3);
      const a = await store.load('a');
      expect(a?.snapshot).toBeNull();
      expect(a?.snapshotSeq).toBe(0);
      expect(a?.updates.map((row) => [...row.update])).toEqual([[1], [3]]);
      expect(a?.updates.map((row) => row.seq)).toEqual([seqs[0], seqs[2]]);
      expect((await store.load('b'))?.updates.map((row) => [...row.update])).toEqual([[2]]);
      expect(await store.listDocuments()).toEqual(['a', 'b']);
    });

    it('compacts into a snapshot, dropping only the rows it includes', async () => {
      const [s1, s2] = await store.append([
        { docName: 'doc', update: updateSetting('x', 1) },
        { docName: 'doc', update: updateSetting('y', 2) },
      ]);
      const [s3] = await store.append([{ docName: 'doc', update: updateSetting('z', 3) }]);
      const before = stateOf(await store.load('doc'));
      const folded = new Y.Doc();
      Y.applyUpdate(folded, updateSetting('x', 1));
      Y.applyUpdate(folded, updateSetting('y', 2));
      await store.compact('doc', Y.encodeStateAsUpdate(folded), s2 ?? 0);
      const after = await store.load('doc');
      expect(after?.snapshotSeq).toBe(s2);
      expect(after?.updates.map((row) => row.seq)).toEqual([s3]);
      expect(stateOf(after)).toEqual(before);
      expect(s1).toBeLessThan(s2 ?? 0);
      expect(await store.listDocuments()).toEqual(['doc']);
    });

    it('ignores a compaction older than the stored snapshot', async () => {
      const [s1, s2] = await store.append([
        { docName: 'doc', update: u(1) },
        { docName: 'doc', update: u(2) },
      ]);
      await store.compact('doc', u(9, 9), s2 ?? 0);
      await store.compact('doc', u(8), s1 ?? 0);
      const loaded = await store.load('doc');
      expect([...(loaded?.snapshot ?? [])]).toEqual([9, 9]);
      expect(loaded?.snapshotSeq).toBe(s2);
    });

    it('never reuses a seq after compaction removed the newest rows', async () => {
      const [s1] = await store.append([{ docName: 'doc', update: u(1) }]);
      await store.compact('doc', u(7), s1 ?? 0);
      const [s2] = await store.append([{ docName: 'doc', update: u(2) }]);
      expect(s2).toBeGreaterThan(s1 ?? 0);
      const loaded = await store.load('doc');
      expect(loaded?.updates.map((row) => [row.seq, [...row.update]])).toEqual([[s2, [2]]]);
    });

    it('returns copies: changing loaded bytes does not change the store', async () => {
      await store.append([{ docName: 'doc', update: u(5) }]);
      const first = await store.load('doc');
      first?.updates[0]?.update.fill(0);
      expect([...((await store.load('doc'))?.updates[0]?.update ?? [])]).toEqual([5]);
    });

    it('names the documents with the oldest uncompacted updates, oldest first', async () => {
      expect(await store.oldestUncompacted(10)).toEqual([]);
      const [a1, b1] = await store.append([
        { docName: 'a', update: u(1) },
        { docName: 'b', update: u(2) },
      ]);
      await store.append([
        { docName: 'c', update: u(3) },
        { docName: 'a', update: u(4) },
      ]);
      expect(await store.oldestUncompacted(10)).toEqual([
        { docName: 'a', appendedSince: 4 },
        { docName: 'b', appendedSince: 3 },
        { docName: 'c', appendedSince: 2 },
      ]);
      expect(await store.oldestUncompacted(1)).toEqual([{ docName: 'a', appendedSince: 4 }]);
      // Compacting a's first update leaves its second (the fourth appended) as its oldest.
      await store.compact('a', u(9), a1 ?? 0);
      await store.compact('b', u(8), b1 ?? 0);
      expect(await store.oldestUncompacted(10)).toEqual([
        { docName: 'c', appendedSince: 2 },
        { docName: 'a', appendedSince: 1 },
      ]);
    });

    it('loads a document deleted and stored again with only what came after the delete', async () => {
      await store.append([
        { docName: 'again', update: u(1) },
        { docName: 'other', update: u(2) },
      ]);
      expect(await store.delete('again')).toBe(true);
      expect(await store.oldestUncompacted(10)).toEqual([{ docName: 'other', appendedSince: 1 }]);
      const [seq] = await store.append([{ docName: 'again', update: u(3) }]);
      expect(await store.load('again')).toEqual({
        snapshot: null,
        snapshotSeq: 0,
        updates: [{ seq, update: u(3) }],
      });
      expect((await store.load('other'))?.updates.map((row) => [...row.update])).toEqual([[2]]);
    });

    it('gives the highest stored seq of each document under a prefix, snapshot or log', async () => {
      const [a1, , b1] = await store.append([
        { docName: 'report:a', update: u(1) },
        { docName: 'report:b', update: u(2) },
        { docName: 'report:b', update: u(3) },
        { docName: 'setup', update: u(4) },
        { docName: 'report_x', update: u(5) },
      ]);
      await store.compact('report:a', u(9), a1 ?? 0);
      expect(await store.latestSeqs('report:')).toEqual(
        new Map([
          ['report:a', a1],
          ['report:b', b1],
        ]),
      );
      const [b2] = await store.append([{ docName: 'report:b', update: u(6) }]);
      await store.compact('report:b', u(9), b2 ?? 0);
      expect((await store.latestSeqs('report:')).get('report:b')).toBe(b2);
    });

    it('deletes a document with its snapshot and log, leaving others', async () => {
      const [s1] = await store.append([
        { docName: 'gone', update: u(1) },
        { docName: 'kept', update: u(2) },
      ]);
      await store.compact('gone', u(9), s1 ?? 0);
      await store.append([{ docName: 'gone', update: u(3) }]);
      expect(await store.delete('gone')).toBe(true);
      expect(await store.load('gone')).toBeNull();
      expect(await store.listDocuments()).toEqual(['kept']);
      expect(await store.delete('gone')).toBe(false);
    });
  });
}
