import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLogger } from '../logger.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { Compactor, encodeIntegratedState } from './compactor.ts';
import { LiveDocument } from './live-document.ts';

const AFTER = 400;

/** How many of `count` documents with `rows` log rows each the compactor folds into a snapshot. */
async function compacted(count: number, rows: number): Promise<number> {
  const store = new MemoryStore();
  const compactor = new Compactor(store, createLogger('silent'), {
    afterUpdates: AFTER,
    afterBytes: 1_000_000,
  });
  const docs = Array.from({ length: count }, (_, i) => {
    const doc = new Y.Doc();
    doc.getMap('m').set('i', i);
    return new LiveDocument(`d${i}`, doc, { committedSeq: 1, rows, bytes: 0 }, () => {});
  });
  for (const live of docs) compactor.consider(live);
  await compactor.idle();
  let snapshots = 0;
  for (const live of docs) {
    if ((await store.load(live.name))?.snapshot) snapshots += 1;
    live.destroy();
  }
  return snapshots;
}

describe('Compactor', () => {
  it('compacts a document somewhere between half and all of the row limit, not all at the same count', async () => {
    expect(await compacted(40, AFTER / 2 - 1)).toBe(0);
    expect(await compacted(40, AFTER)).toBe(40);
    const some = await compacted(40, (AFTER * 3) / 4);
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(40);
  });
});

describe('encodeIntegratedState', () => {
  /** An update of a client whose first 3 items the receiver has not seen: Yjs holds it back. */
  function heldBack(): { doc: Y.Doc; missing: Uint8Array } {
    const author = new Y.Doc();
    const text = author.getText('t');
    text.insert(0, 'abc');
    const missing = Y.encodeStateAsUpdate(author);
    const before = Y.encodeStateVector(author);
    text.insert(3, 'def');
    const later = Y.encodeStateAsUpdate(author, before);
    const doc = new Y.Doc();
    doc.getMap('m').set('own', 1);
    Y.applyUpdate(doc, later);
    return { doc, missing };
  }

  it('leaves out the structs Yjs holds back, and keeps them held in the document', () => {
    const { doc, missing } = heldBack();
    expect(doc.store.pendingStructs).not.toBeNull();
    const snapshot = encodeIntegratedState(doc);
    expect(doc.store.pendingStructs).not.toBeNull();
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, snapshot);
    expect(reloaded.store.pendingStructs).toBeNull();
    expect(reloaded.getMap('m').toJSON()).toEqual({ own: 1 });
    // The held structs still integrate in the live document once what they wait for arrives.
    Y.applyUpdate(doc, missing);
    expect(doc.getText('t').toString()).toBe('abcdef');
    expect(Y.encodeStateAsUpdate(doc)).toEqual(encodeIntegratedState(doc));
  });

  it('is the same as Y.encodeStateAsUpdate when nothing is held back', () => {
    const doc = new Y.Doc();
    doc.getText('t').insert(0, 'plod');
    doc.getMap('m').set('k', 'v');
    expect(encodeIntegratedState(doc)).toEqual(Y.encodeStateAsUpdate(doc));
  });
});
