import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  MAX_VALUE_DEPTH,
  UnreadableUpdate,
  applyClientUpdate,
  checkUpdate,
} from './update-check.ts';

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
  doc.clientID = 1001; // fixed, so that the fuzz tests below see the same candidates every run
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
    d.getMap('docs').set('sub', new Y.Doc({ guid: 'sub', meta: { kind: 'sub' } }));
  }, doc);
  const other = new Y.Doc();
  other.clientID = 2002;
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

/** Where a hand-built struct hangs: a root type by name, or the id of the item holding a type. */
interface Place {
  origin?: Y.ID;
  rightOrigin?: Y.ID;
  parent?: string | Y.ID;
  key?: string;
}

/** Root types of a scratch document: Yjs writes a root parent by looking its name up there. */
const roots = new Y.Doc();

function item(
  client: number,
  clock: number,
  place: Place,
  content: Y.ContentAny | Y.ContentString | Y.ContentDeleted | Y.ContentType,
): Y.Item {
  const parent = typeof place.parent === 'string' ? roots.get(place.parent) : place.parent;
  return new Y.Item(
    Y.createID(client, clock),
    null,
    place.origin ?? null,
    null,
    place.rightOrigin ?? null,
    place.parent === undefined ? null : (parent ?? null),
    place.key ?? null,
    content,
  );
}

type Struct = Y.Item | Y.GC | Y.Skip;

/**
 * An update written as Yjs 13 writes one (V1), from runs of structs: a run's clocks follow on from
 * its first struct's. Unlike Yjs, it writes whatever it is given (the same client twice, ranges of
 * length 0).
 */
function encodeRuns(runs: Struct[][], deletions: [number, number, number][] = []): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, runs.length);
  for (const run of runs) {
    const first = run[0];
    encoding.writeVarUint(encoder.restEncoder, run.length);
    encoder.writeClient(first?.id.client ?? 0);
    encoding.writeVarUint(encoder.restEncoder, first?.id.clock ?? 0);
    for (const struct of run) struct.write(encoder, 0);
  }
  encoding.writeVarUint(encoder.restEncoder, deletions.length);
  for (const [client, clock, length] of deletions) {
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, 1);
    encoding.writeVarUint(encoder.restEncoder, clock);
    encoding.writeVarUint(encoder.restEncoder, length);
  }
  return encoder.toUint8Array();
}

/** Every update a document emits while `change` runs. */
function emitted(doc: Y.Doc, change: () => void): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array) => updates.push(update);
  doc.on('update', listener);
  try {
    change();
  } finally {
    doc.off('update', listener);
  }
  return updates;
}

/**
 * The document as its items are linked in memory, root by root: each list in order and each map
 * entry, with item ids, deleted items as ids only, and nested types. Two documents that print the
 * same hold the same items in the same places.
 */
function layout(doc: Y.Doc): string {
  const typeOf = (type: { _start: Y.Item | null; _map: Map<string, Y.Item> }): unknown => {
    const list: unknown[] = [];
    for (let at = type._start; at !== null; at = at.right) list.push(itemOf(at));
    const map: Record<string, unknown> = {};
    for (const key of [...type._map.keys()].sort()) {
      const entry = type._map.get(key);
      if (entry) map[key] = itemOf(entry);
    }
    return { list, map };
  };
  const itemOf = (at: Y.Item): unknown => {
    const id = `${at.id.client}:${at.id.clock}+${at.length}`;
    if (at.deleted) return id;
    if (at.content instanceof Y.ContentType) return [id, typeOf(at.content.type)];
    return [id, at.content.getContent()];
  };
  const shared: Record<string, unknown> = {};
  for (const name of [...doc.share.keys()].sort()) {
    const type = doc.share.get(name);
    // Reading a struct makes its root type, even when the struct is never integrated.
    if (type && (type._start !== null || type._map.size > 0)) shared[name] = typeOf(type);
  }
  return JSON.stringify(shared, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? [...value] : value,
  );
}

/** What a restart builds: the document before, then every update it emitted. */
function reloaded(before: Uint8Array, log: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    Y.applyUpdate(doc, before);
    for (const update of log) Y.applyUpdate(doc, update);
  });
  return doc;
}

/** A document built from another's encoded state (what a client syncing from scratch gets). */
function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** Checks an update against a document and applies it as the relay does. */
function relay(doc: Y.Doc, update: Uint8Array): void {
  const repeats = checkUpdate(update, (client) => Y.getState(doc.store, client));
  applyClientUpdate(doc, update, repeats, null);
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

/**
 * Rewires a real update's structs: origins, right origins and parents pointed at other ids (of its
 * own client, of others, missing), keys added or dropped, ids moved, structs swapped, runs split
 * and deletions added. Most results stay readable, unlike byte edits.
 */
function rewire(update: Uint8Array, next: () => number, clients: number[]): Uint8Array | null {
  const { structs, ds } = Y.decodeUpdate(update);
  if (structs.length === 0) return null;
  const pick = <T>(values: T[]): T | undefined => values[Math.floor(next() * values.length)];
  const anyClient = () => (next() < 0.8 ? (pick(clients) ?? 1) : 1 + Math.floor(next() * 1e6));
  const anyId = (own: number) =>
    Y.createID(next() < 0.4 ? own : anyClient(), Math.floor(next() * 40));
  for (let edit = 1 + Math.floor(next() * 2); edit > 0; edit--) {
    const struct = pick(structs);
    const kind = next();
    if (struct instanceof Y.Item) {
      if (kind < 0.2) struct.origin = next() < 0.15 ? null : anyId(struct.id.client);
      else if (kind < 0.35) struct.rightOrigin = next() < 0.3 ? null : anyId(struct.id.client);
      else if (kind < 0.55) {
        struct.origin = null;
        struct.rightOrigin = null;
        struct.parent =
          next() < 0.7 ? anyId(struct.id.client) : roots.get(pick(['m', 'list', 't']) ?? 'm');
        if (next() < 0.4) struct.parentSub = next() < 0.5 ? null : `k${Math.floor(next() * 3)}`;
      } else if (kind < 0.65) struct.parentSub = struct.parentSub === null ? 'key' : null;
      else if (kind < 0.8) {
        const shift = Math.floor(next() * 7) - 3;
        struct.id = Y.createID(struct.id.client, Math.max(0, struct.id.clock + shift));
      } else if (kind < 0.85) struct.id = Y.createID(anyClient(), struct.id.clock);
      else if (kind < 0.9) struct.content = new Y.ContentType(new Y.Map());
    }
    if (kind >= 0.9) {
      const i = Math.floor(next() * structs.length);
      const j = Math.floor(next() * structs.length);
      [structs[i], structs[j]] = [structs[j] as Struct, structs[i] as Struct];
    }
  }
  for (const struct of structs) {
    const loose = struct instanceof Y.Item && !struct.origin && !struct.rightOrigin;
    if (loose && struct.parent === null) struct.parent = roots.get('list');
  }
  const runs: Struct[][] = [];
  for (const struct of structs) {
    const run = runs.at(-1);
    if (run && run[0]?.id.client === struct.id.client && next() < 0.9) run.push(struct);
    else runs.push([struct]);
  }
  const deletions: [number, number, number][] = [];
  for (const [client, items] of ds.clients) {
    for (const { clock, len } of items) deletions.push([client, clock, len]);
  }
  if (next() < 0.3) deletions.push([anyClient(), Math.floor(next() * 40), Math.floor(next() * 5)]);
  try {
    return encodeRuns(runs, deletions);
  } catch {
    return null; // a struct Yjs cannot write (a parent it cannot name)
  }
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

/** Why checkUpdate refuses an update, or null when it accepts it. */
function refusalOf(update: Uint8Array): string | null {
  try {
    checkUpdate(update);
    return null;
  } catch (error) {
    if (!(error instanceof UnreadableUpdate)) throw error;
    return error.message;
  }
}

/** The refusals of updates Yjs reads but never writes. */
const NEVER_WRITTEN = /itself or later|of length 0|in two places/;

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
      ['skip', Uint8Array.from([1, 1, 9, 0, 10, 1, 0]), true],
      ['skip with flags', Uint8Array.from([1, 1, 9, 0, 10 | 0x80, 1, 0]), false],
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

  it('on mutated updates, accepts only what Y.decodeUpdate reads (refusing beyond it only what Yjs never writes), and Yjs applies all it accepts', () => {
    const updates = corpus();
    const next = random(20261122);
    const before = Y.encodeStateAsUpdate(base());
    let accepted = 0;
    let refusedReadable = 0;
    for (let round = 0; round < 3_000; round++) {
      const source = updates[Math.floor(next() * updates.length)] ?? new Uint8Array();
      const candidate = mutate(source, next);
      const reads = decodes(candidate);
      const refusal = refusalOf(candidate);
      if (refusal === null) {
        expect(reads, `checkUpdate accepts what Yjs cannot read: ${candidate.join(',')}`).toBe(
          true,
        );
        accepted += 1;
      } else if (reads) {
        expect(refusal, `refused ${candidate.join(',')}`).toMatch(NEVER_WRITTEN);
        refusedReadable += 1;
      }
      if (refusal !== null) continue;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, before);
      expect(() => relay(doc, candidate), `applying ${candidate.join(',')}`).not.toThrow();
      doc.destroy();
    }
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(2_800);
    expect(refusedReadable).toBeGreaterThan(0);
  });
  it('refuses what Yjs reads but never writes, and applies only in part or unlike its clients', () => {
    const X = 4242;
    const Z = 77;
    const at = (clock: number) => Y.createID(X, clock);
    const entry = item(X, 0, { parent: 'm', key: 'a' }, new Y.ContentAny(['kept']));
    const value = (clock: number, place: Place) => item(X, clock, place, new Y.ContentAny([1]));
    const cases: [string, Uint8Array][] = [
      ['origin after itself', encodeRuns([[entry, value(1, { origin: at(5) })]])],
      ['origin on itself', encodeRuns([[entry, value(1, { origin: at(1) })]])],
      ['right origin on itself', encodeRuns([[entry, value(1, { rightOrigin: at(1) })]])],
      ['parent after itself', encodeRuns([[entry, value(1, { parent: at(3) })]])],
      ['no values', encodeRuns([[item(X, 0, { parent: 'm', key: 'a' }, new Y.ContentAny([]))]])],
      ['empty string', encodeRuns([[item(X, 0, { parent: 't' }, new Y.ContentString(''))]])],
      ['deleted, length 0', encodeRuns([[item(X, 0, { parent: 't' }, new Y.ContentDeleted(0))]])],
      ['GC of length 0', encodeRuns([[new Y.GC(at(0), 0), value(0, { parent: 'list' })]])],
      ['deletion of length 0', encodeRuns([[entry]], [[X, 5, 0]])],
      ['a client twice', encodeRuns([[entry], [value(1, { origin: at(0) })]])],
    ];
    for (const [name, update] of cases) {
      expect(decodes(update), `Y.decodeUpdate reads ${name}`).toBe(true);
      expect(refusalOf(update), name).toMatch(NEVER_WRITTEN);
    }
    // Pointing back at its own client, or at any clock of another (held until it arrives), is fine.
    const fine: [string, Uint8Array][] = [
      ['origin before itself', encodeRuns([[entry, value(1, { origin: at(0) })]])],
      ['parent before itself', encodeRuns([[entry, value(1, { parent: at(0) })]])],
      ['another client later', encodeRuns([[value(0, { origin: Y.createID(Z, 99) })]])],
      [
        'after an astral character',
        encodeRuns([
          [
            item(X, 0, { parent: 't' }, new Y.ContentString('a😀b')), // 4 clocks: 😀 takes two
            value(4, { origin: at(3) }),
          ],
        ]),
      ],
    ];
    for (const [name, update] of fine) expect(refusalOf(update), name).toBeNull();
    const astralLater = encodeRuns([
      [item(X, 0, { parent: 't' }, new Y.ContentString('a😀b')), value(4, { origin: at(4) })],
    ]);
    expect(refusalOf(astralLater)).toMatch(NEVER_WRITTEN);

    // What the check prevents: Yjs integrates the entry, emits it, then throws on the next struct.
    const doc = base();
    let thrown: unknown = null;
    const log = emitted(doc, () => {
      try {
        Y.applyUpdate(doc, cases[0]?.[1] ?? new Uint8Array());
      } catch (error) {
        thrown = error;
      }
    });
    expect(thrown).toBeInstanceOf(Error);
    expect(doc.getMap('m').get('a')).toBe('kept');
    expect(log).toHaveLength(1);
  });

  it('answers whether an update starts below the clocks a document has', () => {
    const doc = new Y.Doc();
    const updates = updatesOf((d) => {
      d.getArray('list').insert(0, [1, 2, 3]);
      d.getArray('list').insert(3, [4]);
    }, doc);
    const [first, second] = updates;
    if (!first || !second) throw new Error('two updates expected');
    const server = new Y.Doc();
    const known = (client: number) => Y.getState(server.store, client);
    expect(checkUpdate(first, known)).toBe(false);
    Y.applyUpdate(server, first);
    expect(checkUpdate(second, known)).toBe(false); // starts where the server ends
    expect(checkUpdate(first, known)).toBe(true); // the server has it
    expect(checkUpdate(Y.mergeUpdates([first, second]), known)).toBe(true);
    expect(checkUpdate(first)).toBe(false); // no document given
  });
});

describe('applyClientUpdate', () => {
  const X = 4242;

  /** The document applied to, a copy of what it encodes, and a restart from what it emitted. */
  function consistent(doc: Y.Doc, before: Uint8Array, log: readonly Uint8Array[]): void {
    expect(layout(copyOf(doc)), 'what the document encodes').toBe(layout(doc));
    expect(layout(reloaded(before, log)), 'the document after a restart').toBe(layout(doc));
  }

  it('applies an update that starts where the document ends as Y.applyUpdate does', () => {
    const client = new Y.Doc();
    const [update] = updatesOf((d) => d.getMap('m').set('k', 'v'), client);
    if (!update) throw new Error('an update expected');
    const viaYjs = base();
    const viaRelay = base();
    const fromYjs = emitted(viaYjs, () => Y.applyUpdate(viaYjs, update));
    const fromRelay = emitted(viaRelay, () => relay(viaRelay, update));
    expect(fromRelay).toEqual(fromYjs);
    expect(layout(viaRelay)).toBe(layout(viaYjs));
  });

  it('cuts an update that names another parent for clocks the document has, as clients read it', () => {
    const inRows = encodeRuns([[item(X, 0, { parent: 'rows' }, new Y.ContentAny([0, 1, 2]))]]);
    // The same clocks and two more, said to be the map entry m.k.
    const lie = encodeRuns([
      [item(X, 0, { parent: 'm', key: 'k' }, new Y.ContentAny([0, 1, 2, 3, 4]))],
    ]);
    expect(refusalOf(lie)).toBeNull();

    // Yjs links clocks 3-4 after 2 in rows but keeps them as m.k: it holds what it does not emit.
    const viaYjs = base();
    Y.applyUpdate(viaYjs, inRows);
    Y.applyUpdate(viaYjs, lie);
    expect(layout(copyOf(viaYjs))).not.toBe(layout(viaYjs));

    const doc = base();
    const before = Y.encodeStateAsUpdate(doc);
    const log = emitted(doc, () => {
      relay(doc, inRows);
      relay(doc, lie);
      doc.getMap('m').set('k', 'server'); // a server write on top (REST)
    });
    consistent(doc, before, log);
    expect(doc.getArray('rows').toJSON()).toEqual([0, 1, 2, 3, 4]);
    expect(reloaded(before, log).getMap('m').get('k')).toBe('server');
  });

  it('cuts held structs the same way once the clocks before them arrive', () => {
    // Clocks 3-8 first (held: 0-2 are missing), said to be m.k; then 0-4 in rows.
    const later = encodeRuns([
      [item(X, 3, { parent: 'm', key: 'k' }, new Y.ContentAny([3, 4, 5, 6, 7, 8]))],
    ]);
    const first = encodeRuns([[item(X, 0, { parent: 'rows' }, new Y.ContentAny([0, 1, 2, 3, 4]))]]);

    const viaYjs = base();
    Y.applyUpdate(viaYjs, later);
    Y.applyUpdate(viaYjs, first);
    expect(layout(copyOf(viaYjs))).not.toBe(layout(viaYjs));

    const doc = base();
    const before = Y.encodeStateAsUpdate(doc);
    const log = emitted(doc, () => {
      relay(doc, later);
      expect(doc.store.pendingStructs).not.toBeNull();
      relay(doc, first);
    });
    expect(doc.store.pendingStructs).toBeNull();
    consistent(doc, before, log);
    expect(doc.getArray('rows').toJSON()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives what Y.applyUpdate gives for real repeats and for updates that arrive before the ones they follow', () => {
    const client = new Y.Doc();
    const updates = updatesOf((d) => {
      d.getText('t').insert(0, 'Hello');
      d.getText('t').insert(5, ' world');
      d.getArray('list').insert(0, ['a', 'b']);
      d.getText('t').delete(0, 1);
    }, client);
    const [u0, u1, u2, u3] = updates;
    if (!u0 || !u1 || !u2 || !u3) throw new Error('four updates expected');
    const orders: [string, Uint8Array[]][] = [
      // Another tab sends what it got from this one with its own edit (the relay has u0 and u1).
      ['repeat', [u0, u1, Y.mergeUpdates([u0, u1, u2]), u3]],
      // An edit made while reconnecting reaches the relay before the edits made offline.
      ['out of order', [u2, u3, Y.mergeUpdates([u0, u1])]],
      ['one at a time', [u0, u1, u2, u3]],
    ];
    for (const [name, order] of orders) {
      const viaYjs = new Y.Doc();
      const doc = new Y.Doc();
      const log = emitted(doc, () => {
        for (const update of order) {
          Y.applyUpdate(viaYjs, update);
          relay(doc, update);
        }
      });
      expect(layout(doc), name).toBe(layout(viaYjs));
      expect(layout(doc), name).toBe(layout(client));
      consistent(doc, Y.encodeStateAsUpdate(new Y.Doc()), log);
    }
  });

  it('on rewired and mutated updates, what checkUpdate accepts applies whole, the document holds what it emits, and clients converge with it', () => {
    const updates = corpus();
    const next = random(88);
    const start = base();
    const before = Y.encodeStateAsUpdate(start);
    const clients = [...start.store.clients.keys(), X];
    let applied = 0;
    let refused = 0;
    for (let round = 0; round < 1_500; round++) {
      // One to three candidates in a row (a held struct may wait for a later one), then real edits.
      const sequence: Uint8Array[] = [];
      for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
        const source = updates[Math.floor(next() * updates.length)] ?? new Uint8Array();
        const candidate = next() < 0.6 ? rewire(source, next, clients) : mutate(source, next);
        if (candidate && refusalOf(candidate) === null) sequence.push(candidate);
        else refused += 1;
      }
      const doc = new Y.Doc();
      Y.applyUpdate(doc, before);
      const log = emitted(doc, () => {
        for (const update of sequence) {
          expect(() => relay(doc, update), `applying ${update.join(',')}`).not.toThrow();
          applied += 1;
        }
      });
      const context = sequence.map((update) => update.join(',')).join(' then ');
      expect(layout(copyOf(doc)), context).toBe(layout(doc));
      const restarted = reloaded(before, log);
      expect(layout(restarted), context).toBe(layout(doc));
      // Another client, synced from the stored document, edits; the relay and a restart follow.
      const other = copyOf(restarted);
      const edits = emitted(other, () => {
        other.getMap('m').set('int', 99);
        other.getArray('list').insert(0, ['first']);
        other.getText('t').insert(0, '>');
      });
      for (const edit of edits) {
        relay(doc, edit);
        Y.applyUpdate(restarted, edit);
      }
      expect(layout(doc), context).toBe(layout(other));
      expect(layout(restarted), context).toBe(layout(other));
    }
    expect(applied).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(300);
  });
});
