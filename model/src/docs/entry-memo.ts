import * as Y from 'yjs';

/**
 * What an entry (a Y.Map of plain values) was read as, kept until the entry changes, so that reading
 * a report with a thousand runs after one more was added parses one run, not a thousand.
 *
 * An entry's state is the Item each key points at and whether it is deleted: Yjs writes a key by
 * inserting a new Item and deletes one by marking its Item deleted, and a plain value's content never
 * changes in place. So an entry holding the same Items, each as deleted as before, holds the same
 * values, whether the change came from this device, a merge or an undo, and whether or not its
 * transaction has ended. An entry holding a nested Y type (whose content changes in place) is never
 * kept: it is read each time.
 */
interface Stamp {
  items: Y.Item[];
  deleted: boolean[];
  values: Map<object, unknown>;
}

const stamps = new WeakMap<Y.Map<unknown>, Stamp>();

function holdsNestedType(entry: Y.Map<unknown>): boolean {
  for (const item of entry._map.values()) {
    if (
      !item.deleted &&
      (item.content instanceof Y.ContentType || item.content instanceof Y.ContentDoc)
    )
      return true;
  }
  return false;
}

function stampOf(entry: Y.Map<unknown>): Stamp | null {
  const kept = stamps.get(entry);
  if (kept && kept.items.length === entry._map.size) {
    let same = true;
    let i = 0;
    for (const item of entry._map.values()) {
      if (kept.items[i] !== item || kept.deleted[i] !== item.deleted) {
        same = false;
        break;
      }
      i += 1;
    }
    if (same) return kept;
  }
  if (holdsNestedType(entry)) {
    stamps.delete(entry);
    return null;
  }
  const items = [...entry._map.values()];
  const stamp: Stamp = { items, deleted: items.map((item) => item.deleted), values: new Map() };
  stamps.set(entry, stamp);
  return stamp;
}

/**
 * `read(entry)`, or what it answered for this entry's current state. `reader` names the reading (one
 * entry is read several ways); the answer is shared between callers, so it must not be changed.
 */
export function memoEntry<T>(
  entry: Y.Map<unknown>,
  reader: object,
  read: (entry: Y.Map<unknown>) => T,
): T {
  const stamp = stampOf(entry);
  if (!stamp) return read(entry);
  if (stamp.values.has(reader)) return stamp.values.get(reader) as T;
  const value = read(entry);
  stamp.values.set(reader, value);
  return value;
}

const TO_JSON = {};

/** `entry.toJSON()`, kept until the entry changes (shared: never change what it returns). */
export function entryJson(entry: Y.Map<unknown>): Record<string, unknown> {
  return memoEntry(entry, TO_JSON, (e) => e.toJSON());
}
