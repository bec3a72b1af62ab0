import type * as Y from 'yjs';
import type { StoredRecord } from './stored.ts';
import { fieldKey, historyLog, readRecord, readRecords } from './stored.ts';

/**
 * Each field's heads: its changes that no other change of it names as seen. A set difference, so it
 * does not depend on the order records arrive in, and it can be kept up to date as records arrive
 * (from this device or merged from others) instead of reading the whole history on every change.
 */
export class HeadsIndex {
  private readonly records = new Set<string>();
  private readonly writes = new Map<string, Set<string>>();
  private readonly seen = new Map<string, Set<string>>();
  /** Per entry row: the keys of its fields that have changes, and the records adding or removing it. */
  private readonly entryFields = new Map<string, Set<string>>();
  private readonly entryRows = new Map<string, Set<string>>();

  add(record: StoredRecord): void {
    if (this.records.has(record.id)) return;
    this.records.add(record.id);
    for (const change of record.ch) {
      if (change.e !== undefined) {
        const entry = fieldKey(change.s, change.e, '');
        if (change.f === undefined) setOf(this.entryRows, entry).add(record.id);
        else setOf(this.entryFields, entry).add(fieldKey(change.s, change.e, change.f));
      }
      if (change.f === undefined) continue;
      const key = fieldKey(change.s, change.e, change.f);
      setOf(this.writes, key).add(record.id);
      const seen = setOf(this.seen, key);
      for (const parent of change.p ?? []) seen.add(parent);
    }
  }

  /**
   * What a device removing an entry row has seen of it: the heads of each of its fields and the
   * records that added (or removed) it, sorted. A change of a field not among them (or their
   * ancestors) was made apart from the removal.
   */
  entryHeadsOf(section: string, entryId: string): string[] {
    const entry = fieldKey(section, entryId, '');
    const heads = new Set(this.entryRows.get(entry));
    for (const key of this.entryFields.get(entry) ?? []) {
      for (const head of this.headsOf(key)) heads.add(head);
    }
    return [...heads].sort();
  }

  /** The field's heads, sorted (the same list on every replica that has the same records). */
  headsOf(key: string): string[] {
    const seen = this.seen.get(key);
    return [...(this.writes.get(key) ?? [])].filter((id) => !seen?.has(id)).sort();
  }
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

const indexes = new WeakMap<Y.Doc, HeadsIndex>();

/** The document's heads index, built once and then fed by the history's own changes. */
export function headsIndex(doc: Y.Doc): HeadsIndex {
  const known = indexes.get(doc);
  if (known) return known;
  const index = new HeadsIndex();
  readRecords(doc).forEach((record) => index.add(record));
  const log = historyLog(doc);
  const observer = (event: Y.YArrayEvent<unknown>) => {
    // Records are only ever appended; anything else (a forged deletion) rebuilds from the document.
    if (event.changes.deleted.size > 0) {
      indexes.delete(doc);
      log.unobserve(observer);
      return;
    }
    for (const part of event.changes.delta) {
      if (!Array.isArray(part.insert)) continue;
      for (const raw of part.insert as unknown[]) {
        const record = readRecord(raw);
        if (record) index.add(record);
      }
    }
  };
  log.observe(observer);
  indexes.set(doc, index);
  return index;
}
