import * as Y from 'yjs';
import { ModelError } from '../errors/errors.ts';

/**
 * Entries of a collection are stored as a Y.Map of fields inside a root Y.Map keyed by entry id, so
 * concurrent edits to different fields of one entry both survive, and an edit racing a delete resolves
 * the same way everywhere (the delete wins). Collections are root types, which never conflict; a nested
 * collection created under a fixed key would be replaced wholesale by a concurrent creation.
 */
export type FieldValue = string | number | boolean | null;
export type Fields = Record<string, FieldValue | undefined>;

/** The plain fields of one stored entry. */
export type RawEntry = Record<string, unknown>;

/**
 * Set the defined fields of an entry (undefined means "leave as is"). A field already holding the
 * value is not written again (an absent field already reads as null): a write, even of the same
 * value, can win over a crewmate's concurrent change when the two merge.
 */
export function setFields(entry: Y.Map<unknown>, fields: Fields): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && (entry.get(key) ?? null) !== value) entry.set(key, value);
  }
}

/** A new entry Y.Map holding the fields. */
export function newEntry(fields: Fields): Y.Map<unknown> {
  const entry = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) entry.set(key, value);
  }
  return entry;
}

/** Add an entry under its id. */
export function insertEntry(collection: Y.Map<unknown>, id: string, fields: Fields): void {
  collection.set(id, newEntry(fields));
}

/** The entry Y.Map of an id, or null. */
export function getEntry(collection: Y.Map<unknown>, id: string): Y.Map<unknown> | null {
  const entry = collection.get(id);
  return entry instanceof Y.Map ? entry : null;
}

/** The entry Y.Map of an id, throwing a not-found ModelError when absent. */
export function requireEntry(collection: Y.Map<unknown>, id: string, what: string): Y.Map<unknown> {
  const entry = getEntry(collection, id);
  if (!entry) throw new ModelError('not-found', `${what} ${id} not found`);
  return entry;
}

/** Delete an entry; true when it existed. */
export function deleteEntry(collection: Y.Map<unknown>, id: string): boolean {
  if (!collection.has(id)) return false;
  collection.delete(id);
  return true;
}

/** All entries as [id, fields], sorted by id so every replica lists them in the same order. */
export function readEntries(collection: Y.Map<unknown>): [string, RawEntry][] {
  const rows: [string, RawEntry][] = [];
  collection.forEach((value, id) => {
    if (value instanceof Y.Map) rows.push([id, value.toJSON() as RawEntry]);
  });
  return rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The plain fields of a root map (for single-record maps such as shift details). */
export function readRecord(map: Y.Map<unknown>): RawEntry {
  return map.toJSON() as RawEntry;
}

/** The current time as an ISO timestamp (entries record when they were made). */
export function nowIso(): string {
  return new Date().toISOString();
}
