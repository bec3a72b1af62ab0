import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { unlinkMergedStructs } from './unlink-merged.ts';

/** Every Item a document has held, collected after each transaction. */
function trackItems(doc: Y.Doc): Set<Y.Item> {
  const seen = new Set<Y.Item>();
  doc.on('afterTransaction', () => {
    for (const structs of doc.store.clients.values()) {
      for (const struct of structs) if (struct instanceof Y.Item) seen.add(struct);
    }
  });
  return seen;
}

function inStore(doc: Y.Doc, item: Y.Item): boolean {
  return (doc.store.clients.get(item.id.client) ?? []).includes(item);
}

/** A small deterministic random source (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random edit: map sets and deletes, text typing and deleting, array pushes and deletes. */
function edit(doc: Y.Doc, rand: () => number): void {
  const pick = rand();
  const map = doc.getMap<unknown>('m');
  const text = doc.getText('t');
  const list = doc.getArray<unknown>('a');
  if (pick < 0.3) map.set(`k${Math.floor(rand() * 4)}`, Math.floor(rand() * 100));
  else if (pick < 0.35) map.delete(`k${Math.floor(rand() * 4)}`);
  else if (pick < 0.6)
    text.insert(Math.floor(rand() * (text.length + 1)), 'abc'[Math.floor(rand() * 3)] ?? 'a');
  else if (pick < 0.7 && text.length > 0) text.delete(Math.floor(rand() * text.length), 1);
  else if (pick < 0.85)
    list.insert(Math.floor(rand() * (list.length + 1)), [Math.floor(rand() * 9)]);
  else if (list.length > 0) list.delete(Math.floor(rand() * list.length), 1);
  else map.set('nested', new Y.Map());
}

describe('unlinkMergedStructs', () => {
  it('clears the links of every struct merged away, keyed sets and typing alike', () => {
    const server = new Y.Doc();
    unlinkMergedStructs(server);
    const seen = trackItems(server);
    const phone = new Y.Doc();
    phone.on('update', (update: Uint8Array) => Y.applyUpdate(server, update));
    for (let i = 0; i < 50; i++) phone.getMap('m').set('depth', i);
    for (let i = 0; i < 30; i++) phone.getText('notes').insert(i, 'x');
    phone.getText('notes').delete(5, 10);

    const gone = [...seen].filter((item) => !inStore(server, item));
    // 49 replaced values merged into their deleted run, and typed characters into their left.
    expect(gone.length).toBeGreaterThan(60);
    for (const item of gone) {
      expect(item.right).toBeNull();
      expect(item.left).toBeNull();
    }
    expect(server.getMap('m').get('depth')).toBe(49);
    expect(server.getText('notes').toString()).toBe('x'.repeat(20));
  });

  it('leaves a document as Yjs alone would: same state, same updates, after random concurrent edits', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rand = random(seed);
      const plain = new Y.Doc();
      const unlinked = new Y.Doc();
      unlinkMergedStructs(unlinked);
      const phones = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
      const outbox: Uint8Array[] = [];
      const unlinkedUpdates: Uint8Array[] = [];
      const plainUpdates: Uint8Array[] = [];
      unlinked.on('update', (update: Uint8Array) => unlinkedUpdates.push(update));
      plain.on('update', (update: Uint8Array) => plainUpdates.push(update));
      for (const phone of phones) phone.on('update', (update: Uint8Array) => outbox.push(update));
      for (let step = 0; step < 600; step++) {
        const phone = phones[Math.floor(rand() * phones.length)] ?? new Y.Doc();
        edit(phone, rand);
        // Delivered late and out of order now and then, as from a phone that was offline.
        if (rand() < 0.7) {
          const batch = outbox.splice(0, outbox.length);
          if (rand() < 0.3) batch.reverse();
          for (const update of batch) {
            Y.applyUpdate(plain, update);
            Y.applyUpdate(unlinked, update);
          }
        }
      }
      for (const update of outbox) {
        Y.applyUpdate(plain, update);
        Y.applyUpdate(unlinked, update);
      }
      expect(unlinked.toJSON()).toEqual(plain.toJSON());
      expect(Y.encodeStateAsUpdate(unlinked)).toEqual(Y.encodeStateAsUpdate(plain));
      expect(unlinkedUpdates).toEqual(plainUpdates);
      // And both keep taking edits the same way.
      unlinked.getText('t').insert(0, 'end');
      plain.getText('t').insert(0, 'end');
      expect(unlinked.getText('t').toString()).toBe(plain.getText('t').toString());
    }
  });
});
