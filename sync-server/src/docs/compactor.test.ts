import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLogger } from '../logger.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { Compactor } from './compactor.ts';
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
