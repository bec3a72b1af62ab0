import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_VALUE_DEPTH, UnreadableUpdate, checkUpdate } from './update-check.ts';

/** Every update a function's changes produce, one per transaction. */
function updatesOf(change: (doc: Y.Doc) => void, doc = new Y.Doc()): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array) => updates.push(update);
  doc.on('update', listener);
  change(doc);
  doc.off('update', listener);
  return updates;
}

/** Real updates covering every kind of struct and content Yjs 13 writes, plus merged and GC'd forms. */
function corpus(): Uint8Array[] {
  const doc = new Y.Doc();
  const updates = updatesOf((d) => {
    const map = d.getMap<unknown>('m');
    map.set('int', 7);
    map.set('negative', -123_456_789);
    map.set('float', 1.5);
    map.set('big', 12n);
    map.set('text', 'héllo ✓');
    map.set('flags', [true, false, null, undefined]);
    map.set('nested', { a: [1, { b: 'c' }], d: {} });
    map.set('bytes', new Uint8Array([1, 2, 3]));
    map.set('int', 8); // replaces: a delete set
    map.delete('float');
    const list = d.getArray<unknown>('list');
    list.insert(0, [1, 2, 3, 'four']);
    list.delete(1, 2);
    const inner = new Y.Map<number>();
    list.push([inner]);
    inner.set('deep', 1); // parent given by the id of the item holding the type
    const text = d.getText('t');
    text.insert(0, 'Hello world');
    text.format(0, 5, { bold: true });
    text.insertEmbed(5, { image: 'x.png' });
    text.delete(6, 3);
    const xml = d.getXmlFragment('x');
    const element = new Y.XmlElement('p');
    element.setAttribute('class', 'lead');
    xml.insert(0, [element, new Y.XmlText('plain')]);
    d.getMap('hooks').set('h', new Y.XmlHook('hook'));
    d.getMap('docs').set('sub', new Y.Doc({ meta: { kind: 'sub' } }));
  }, doc);
  const other = new Y.Doc();
  const otherUpdates = updatesOf((d) => d.getMap('m').set('from', 'another client'), other);
  Y.applyUpdate(doc, otherUpdates[0] ?? new Uint8Array());
  const all = [...updates, ...otherUpdates];
  return [
    ...all,
    Y.encodeStateAsUpdate(doc), // with GC structs for what was deleted
    Y.mergeUpdates(all),
    Y.mergeUpdates([all[0], all[5], all[9]].filter((u) => u !== undefined)), // gaps: Skip structs
    Y.encodeStateAsUpdate(new Y.Doc()), // empty
  ];
}

/** A root-map entry written by hand: content ref 2 (ContentJSON), which Yjs 13 no longer writes. */
function jsonUpdate(json: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1); // one client
  encoding.writeVarUint(encoder, 1); // one struct
  encoding.writeVarUint(encoder, 4242); // client
  encoding.writeVarUint(encoder, 0); // clock
  encoding.writeUint8(encoder, 2 | 0b0010_0000); // ContentJSON, has parentSub, no origins
  encoding.writeVarUint(encoder, 1); // parent is a root type, by name
  encoding.writeVarString(encoder, 'm');
  encoding.writeVarString(encoder, 'k');
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarString(encoder, json);
  encoding.writeVarUint(encoder, 0); // empty delete set
  return encoding.toUint8Array(encoder);
}

/**
 * One ContentAny struct (a root-map entry) and a delete set claiming two ranges that stops after the
 * first: Yjs integrates the struct and applies the first range before it finds the end.
 */
function cutDeleteSetUpdate(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, 4242);
  encoding.writeVarUint(encoder, 0);
  encoding.writeUint8(encoder, 8 | 0b0010_0000); // ContentAny, has parentSub
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarString(encoder, 'm');
  encoding.writeVarString(encoder, 'k');
  encoding.writeVarUint(encoder, 1);
  encoding.writeAny(encoder, 'written anyway');
  encoding.writeVarUint(encoder, 1); // delete set: one client
  encoding.writeVarUint(encoder, 4242);
  encoding.writeVarUint(encoder, 2); // two ranges...
  encoding.writeVarUint(encoder, 5); // ...the first (clock 5, length 1)
  encoding.writeVarUint(encoder, 1);
  return encoding.toUint8Array(encoder); // ...and no second
}

/** A document with some history, to apply candidates to (so deletes and origins find items). */
function base(): Y.Doc {
  const doc = new Y.Doc();
  for (const update of corpus().slice(0, 12)) Y.applyUpdate(doc, update);
  return doc;
}

function isReadError(error: unknown): boolean {
  return (
    error instanceof Error && /Unexpected end of array|Integer out of Range/.test(error.message)
  );
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(update: Uint8Array, next: () => number): Uint8Array {
  const bytes = [...update];
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (bytes.length + 1));
    const kind = next();
    const byte = Math.floor(next() * 256);
    if (kind < 0.4 && at < bytes.length) bytes[at] = byte;
    else if (kind < 0.7) bytes.splice(at, 0, byte);
    else if (kind < 0.9) bytes.splice(at, 1);
    else bytes.length = Math.min(bytes.length, at);
  }
  return Uint8Array.from(bytes);
}

function encodeString(value: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, value);
  return encoding.toUint8Array(encoder);
}

const decodes = (update: Uint8Array) => {
  try {
    Y.decodeUpdate(update);
    return true;
  } catch {
    return false;
  }
};

const accepts = (update: Uint8Array) => {
  try {
    checkUpdate(update);
    return true;
  } catch (error) {
    if (!(error instanceof UnreadableUpdate) && !isReadError(error)) throw error;
    return false;
  }
};

describe('checkUpdate', () => {
  it('accepts every update Yjs writes: each content kind, deletes, GC and Skip structs, merges', () => {
    const updates = corpus();
    expect(updates.length).toBeGreaterThan(20);
    for (const update of updates) {
      expect(() => Y.decodeUpdate(update)).not.toThrow();
      expect(() => checkUpdate(update)).not.toThrow();
    }
    expect(() => checkUpdate(jsonUpdate('{"a":1}'))).not.toThrow();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, jsonUpdate('{"a":1}'));
    expect(doc.getMap('m').get('k')).toEqual({ a: 1 });
  });

  it('refuses every strict prefix of every update', () => {
    for (const update of [...corpus(), jsonUpdate('[1,2]')]) {
      for (let length = 0; length < update.length; length++) {
        expect(accepts(update.subarray(0, length)), `prefix ${length}/${update.length}`).toBe(
          false,
        );
      }
    }
  });

  it('refuses an update whose delete set is cut short, which Yjs would half apply', () => {
    const update = cutDeleteSetUpdate();
    expect(() => checkUpdate(update)).toThrow(UnreadableUpdate);
    // What the check prevents: Yjs integrates the struct, then fails on the delete set.
    const doc = new Y.Doc();
    expect(() => Y.applyUpdate(doc, update)).toThrow();
    expect(doc.getMap('m').get('k')).toBe('written anyway');
  });

  it('reads a view into a larger buffer only up to its own end', () => {
    const update = corpus()[0] ?? new Uint8Array();
    const padded = new Uint8Array(update.length + 64).fill(0);
    padded.set(update);
    expect(() => checkUpdate(padded.subarray(0, update.length))).not.toThrow();
    expect(accepts(padded.subarray(0, update.length - 1))).toBe(false);
  });

  it('refuses what Yjs cannot read: unknown kinds, text that is not UTF-8, bad JSON, a sub-document without options', () => {
    // One struct in root map 'm' (no key), given its info byte and content bytes; empty delete set.
    const struct = (info: number, ...content: number[]) => structOf(info, content);
    const structOf = (info: number, content: number[]) =>
      Uint8Array.from([1, 1, 9, 0, info, 1, 1, 109].concat(content, [0]));
    const text = (value: string) => [...encodeString(value)];
    const cases: [string, Uint8Array, boolean][] = [
      ['content ref 11', struct(11), false],
      ['type ref 7', struct(7, 7), false],
      ['value tag 99', struct(8, 1, 99), false],
      ['undefined value', struct(8, 1, 127), true],
      ['string content', struct(4, 2, 104, 105), true],
      ['string content, not UTF-8', struct(4, 2, 0xc0, 0x80), false],
      ['binary content, any bytes', struct(3, 2, 0xc0, 0x80), true],
      ['root name, not UTF-8', Uint8Array.from([1, 1, 9, 0, 8, 1, 1, 0xff, 1, 127, 0]), false],
      ['embed, JSON', struct(5, ...text('{"a":1}')), true],
      ['embed, bad JSON', struct(5, ...text('{a:1}')), false],
      ['format, bad JSON', struct(6, ...text('bold'), ...text('tru')), false],
      ['sub-document with options', struct(9, ...text('guid'), 118, 0), true],
      ['sub-document, null options', struct(9, ...text('guid'), 126), false],
      ['sub-document, no options', struct(9, ...text('guid'), 127), false],
    ];
    for (const [name, update, readable] of cases) {
      expect(accepts(update), name).toBe(readable);
      expect(decodes(update), `Y.decodeUpdate: ${name}`).toBe(readable);
    }
    // One value: `depth` arrays of one element each around an undefined.
    const nested = (depth: number) =>
      [1].concat(Array<number[]>(depth).fill([117, 1]).flat(), [127]);
    expect(accepts(structOf(8, nested(MAX_VALUE_DEPTH)))).toBe(true);
    expect(accepts(structOf(8, nested(MAX_VALUE_DEPTH + 1)))).toBe(false);
    expect(accepts(structOf(8, nested(100_000)))).toBe(false); // and no stack overflow
  });

  it('on mutated updates, accepts exactly what Y.decodeUpdate reads, and nothing Yjs fails to read while applying', () => {
    const updates = corpus();
    const next = random(20261122);
    const before = Y.encodeStateAsUpdate(base());
    let accepted = 0;
    for (let round = 0; round < 3_000; round++) {
      const source = updates[Math.floor(next() * updates.length)] ?? new Uint8Array();
      const candidate = mutate(source, next);
      const ok = accepts(candidate);
      expect(ok, `checkUpdate and Y.decodeUpdate differ on ${candidate.join(',')}`).toBe(
        decodes(candidate),
      );
      if (ok) accepted += 1;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, before);
      try {
        Y.applyUpdate(doc, candidate);
      } catch (error) {
        // Running out of bytes can happen in the delete set, after the structs are integrated.
        if (isReadError(error))
          expect(ok, `read error applying ${candidate.join(',')}`).toBe(false);
      }
      doc.destroy();
    }
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(2_800);
  });
});
