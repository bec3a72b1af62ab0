import type * as Y from 'yjs';
import type { z } from 'zod';
import type { Fields, RawEntry } from './entries.ts';
import { deleteEntry, getEntry, insertEntry, nowIso, readEntries, setFields } from './entries.ts';
import { ModelError } from '../errors/errors.ts';

/**
 * How a parsed value becomes the fields stored: a function under `key`, which may be left out when
 * the value is plain fields already (the value is then stored as it is).
 */
type FieldsFrom<K extends string, V> = [V] extends [Fields]
  ? { [Key in K]?: (value: V) => Fields }
  : { [Key in K]: (value: V) => Fields };

/** What a collection's entries are: their ids, how they read, what adds and patches them. */
export interface EntrySpec<T extends { id: string }, I, P, In, PIn> {
  newId: () => T['id'];
  /** Read one stored entry leniently (fields that do not parse take their defaults). */
  read: (id: T['id'], raw: RawEntry) => T;
  inputSchema: z.ZodType<I, In>;
  patchSchema: z.ZodType<P, PIn>;
  /** Checks an entry as it would be after a patch (throws ModelError). */
  check?: (merged: T) => void;
  /** Checks a parsed input against the document before it is added (throws ModelError). */
  beforeAdd?: (doc: Y.Doc, input: I) => void;
}

/**
 * The fields stored for a parsed input (`toFields`: derived values are never stored) and written for
 * a parsed patch (`patchFields`).
 */
export type EntryFields<I, P> = FieldsFrom<'toFields', I> & FieldsFrom<'patchFields', P>;

export type CollectionSpec<T extends { id: string }, I, P, In, PIn> = EntrySpec<T, I, P, In, PIn> &
  EntryFields<I, P> & {
    /** The root map holding the entries. */
    map: (doc: Y.Doc) => Y.Map<unknown>;
    /** Runs a change as one transaction (stamping the document's updatedAt). */
    transact: (doc: Y.Doc, change: () => void) => void;
    /** Name used in not-found messages. */
    what: string;
  };

export interface EntryCollection<T extends { id: string }, In, PIn> {
  add: (doc: Y.Doc, input: In) => T['id'];
  update: (doc: Y.Doc, id: T['id'], patch: PIn) => void;
  remove: (doc: Y.Doc, id: T['id']) => boolean;
  read: (doc: Y.Doc) => T[];
  /** add, with the input as sent (the input schema checks it). */
  addAny: (doc: Y.Doc, input: unknown) => T['id'];
  /** update by an id as text (a REST path), with the patch as sent: an id naming no entry is not found. */
  updateById: (doc: Y.Doc, id: string, patch: unknown) => void;
  /** remove by an id as text: false when it names no entry. */
  removeById: (doc: Y.Doc, id: string) => boolean;
}

/** The add/update/remove/read operations of a collection of entries keyed by id. */
export function entryCollection<T extends { id: string }, I, P, In, PIn>(
  spec: CollectionSpec<T, I, P, In, PIn>,
): EntryCollection<T, In, PIn> {
  const readAll = (doc: Y.Doc): T[] =>
    readEntries(spec.map(doc)).map(([id, raw]) => spec.read(id as T['id'], raw));
  const add = (doc: Y.Doc, input: unknown): T['id'] => {
    const parsed = spec.inputSchema.parse(input);
    spec.beforeAdd?.(doc, parsed);
    // Without toFields the input is plain fields (FieldsFrom).
    const fields = spec.toFields ? spec.toFields(parsed) : (parsed as Fields);
    const id = spec.newId();
    spec.transact(doc, () => insertEntry(spec.map(doc), id, { ...fields, createdAt: nowIso() }));
    return id;
  };
  const update = (doc: Y.Doc, id: string, patch: unknown): void => {
    const parsed = spec.patchSchema.parse(patch);
    const fields = spec.patchFields ? spec.patchFields(parsed) : (parsed as Fields);
    const entry = getEntry(spec.map(doc), id);
    if (!entry) throw new ModelError('not-found', `${spec.what} ${id} not found`);
    const stored = spec.check ? readAll(doc).find((e) => e.id === id) : undefined;
    if (spec.check && stored) {
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      spec.check(spec.read(stored.id, { ...(entry.toJSON() as RawEntry), ...defined }));
    }
    spec.transact(doc, () => setFields(entry, fields));
  };
  const remove = (doc: Y.Doc, id: string): boolean => {
    let removed = false;
    spec.transact(doc, () => {
      removed = deleteEntry(spec.map(doc), id);
    });
    return removed;
  };
  return {
    read: readAll,
    update,
    remove,
    updateById: update,
    removeById: remove,
    add,
    addAny: add,
  };
}
