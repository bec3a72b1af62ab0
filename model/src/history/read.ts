import type * as Y from 'yjs';
import type { Actor } from './actor.ts';
import type { HistorySection, StoredChange } from './stored.ts';
import { readActor, readRecords } from './stored.ts';
import type { HistoryFields, HistoryValue } from './values.ts';

/** add: an entry row was added; change: one field changed; remove: an entry row was removed. */
export type HistoryChangeKind = 'add' | 'change' | 'remove';

/** One change as read: who, when, where and old -> new. What screens list and REST returns. */
export interface HistoryEntry {
  /** `{recordId}/{n}`: the n-th change of its record. */
  id: string;
  /** The record it belongs to: the changes one save (one mutation, one REST write) made together. */
  recordId: string;
  /** ISO time, by the clock of the device that made the change. */
  at: string;
  actor: Actor | null;
  /** Said of the whole record, e.g. "Merged a late edit from Phone 12". */
  note: string | null;
  section: HistorySection;
  /** The entry row (an id, or a hole's label); null for the report's own fields. */
  entryId: string | null;
  /** The field that changed; null when a whole entry was added or removed. */
  field: string | null;
  kind: HistoryChangeKind;
  /** The field's value before (null: empty), or the fields of a removed entry. */
  old: HistoryValue | HistoryFields;
  /** The field's value after (null: empty), or the fields of an added entry. */
  new: HistoryValue | HistoryFields;
  /** A field's change: the records of the same field's changes its device had seen last. */
  parents: string[];
}

function kindOf(change: StoredChange): HistoryChangeKind {
  if (change.f !== undefined) return 'change';
  return change.n !== undefined ? 'add' : 'remove';
}

/** The report's change history, oldest first in the merged order (the same on every replica). */
export function readHistory(doc: Y.Doc): HistoryEntry[] {
  const actors = new Map<string | undefined, Actor | null>();
  const actorOf = (key: string | undefined) => {
    if (!actors.has(key)) actors.set(key, readActor(doc, key));
    return actors.get(key) ?? null;
  };
  return readRecords(doc).flatMap((record) => {
    const at = new Date(record.at).toISOString();
    const actor = actorOf(record.by);
    return record.ch.map((change, index): HistoryEntry => ({
      id: `${record.id}/${index}`,
      recordId: record.id,
      at,
      actor,
      note: record.note ?? null,
      section: change.s,
      entryId: change.e ?? null,
      field: change.f ?? null,
      kind: kindOf(change),
      old: change.o ?? null,
      new: change.n ?? null,
      parents: change.p ?? [],
    }));
  });
}
