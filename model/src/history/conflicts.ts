import type * as Y from 'yjs';
import type { HistoryEntry } from './read.ts';
import { readHistory } from './read.ts';
import type { HistorySection } from './stored.ts';
import { fieldKey } from './stored.ts';
import type { HistoryValue } from './values.ts';
import { sameHistoryValue } from './values.ts';

/**
 * Conflicts are read from the merged history. Each change of a field names the changes of that field
 * its device had seen last (its parents), so the changes of one field form a graph in which "A saw B"
 * is "B is an ancestor of A". Two changes of which neither saw the other were made apart; when they
 * set different values, only one of them is what everybody now sees (the document's merge chose it),
 * and people should be told. A later change that saw both settles it.
 */

/** A field whose latest changes were made apart, to different values, and not settled since. */
export interface FieldConflict {
  section: HistorySection;
  entryId: string | null;
  field: string;
  /**
   * The field's latest changes (none of which saw another), oldest first; a change that repeats the
   * value of one it saw (a merge's record) is named by that one, the value's author.
   */
  changes: HistoryEntry[];
}

interface FieldGraph {
  changes: HistoryEntry[];
  byRecord: Map<string, HistoryEntry>;
  ancestors: (change: HistoryEntry) => Set<string>;
}

function graphs(entries: readonly HistoryEntry[]): Map<string, FieldGraph> {
  const groups = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (entry.kind !== 'change' || entry.field === null) continue;
    const key = fieldKey(entry.section, entry.entryId, entry.field);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  const result = new Map<string, FieldGraph>();
  groups.forEach((changes, key) => {
    const byRecord = new Map(changes.map((c) => [c.recordId, c]));
    const memo = new Map<string, Set<string>>();
    const ancestors = (change: HistoryEntry): Set<string> => {
      const known = memo.get(change.recordId);
      if (known) return known;
      const found = new Set<string>();
      memo.set(change.recordId, found);
      const stack = [...change.parents];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (found.has(id)) continue;
        found.add(id);
        stack.push(...(byRecord.get(id)?.parents ?? []));
      }
      return found;
    };
    result.set(key, { changes, byRecord, ancestors });
  });
  return result;
}

const valueOf = (entry: HistoryEntry) => entry.new as HistoryValue;

/** Entries (section and id) whose last add or remove in the history is a remove: they are gone. */
function removedEntries(entries: readonly HistoryEntry[]): Set<string> {
  const last = new Map<string, HistoryEntry['kind']>();
  for (const entry of entries) {
    if (entry.kind !== 'change' && entry.entryId !== null) {
      last.set(`${entry.section}\u0001${entry.entryId}`, entry.kind);
    }
  }
  return new Set([...last].filter(([, kind]) => kind === 'remove').map(([key]) => key));
}

/** Fields whose latest changes were made apart to different values (of entries still there). */
export function findConflicts(entries: readonly HistoryEntry[]): FieldConflict[] {
  const removed = removedEntries(entries);
  const conflicts: FieldConflict[] = [];
  graphs(entries).forEach((graph) => {
    const first = graph.changes[0] as HistoryEntry;
    if (first.entryId !== null && removed.has(`${first.section}\u0001${first.entryId}`)) return;
    const parents = new Set(graph.changes.flatMap((c) => c.parents));
    const heads = graph.changes.filter((c) => !parents.has(c.recordId));
    const distinct = heads.filter(
      (head, i) => heads.findIndex((h) => sameHistoryValue(valueOf(h), valueOf(head))) === i,
    );
    if (distinct.length < 2) return;
    // Each value is named by the change that wrote it: a change that only repeats the value of one
    // it saw (a supervisor's merge of a late edit records what the merged edit set) is not its author.
    const authorOf = (head: HistoryEntry): HistoryEntry => {
      let at = head;
      for (;;) {
        const same = at.parents
          .map((id) => graph.byRecord.get(id))
          .find(
            (parent): parent is HistoryEntry =>
              parent !== undefined && sameHistoryValue(valueOf(parent), valueOf(at)),
          );
        if (!same) return at;
        at = same;
      }
    };
    const authors = heads.map(authorOf);
    conflicts.push({
      section: first.section,
      entryId: first.entryId,
      field: first.field as string,
      changes: authors.filter((author, i) => authors.indexOf(author) === i),
    });
  });
  return conflicts;
}

/**
 * An entry row removed on one device while another changed it, neither having seen the other: the
 * removal wins in the document (the row is gone everywhere), so the change is listed here, to be
 * brought back with the row (Restore) or let go (Keep deleted). Settled by a later add of the row
 * or a removal that saw the change.
 */
export interface RemovalConflict {
  section: HistorySection;
  entryId: string;
  /** The removal the row is gone by (its old value: the row's fields when it was removed). */
  removal: HistoryEntry;
  /** Changes of the row's fields made apart from the removal, oldest first. */
  changes: HistoryEntry[];
}

/** Removed rows with changes made apart from their removal (see RemovalConflict). */
export function findRemovalConflicts(entries: readonly HistoryEntry[]): RemovalConflict[] {
  const last = new Map<string, HistoryEntry>();
  const fieldChanges = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (entry.entryId === null) continue;
    const key = `${entry.section}\u0001${entry.entryId}`;
    if (entry.kind === 'change') {
      const list = fieldChanges.get(key);
      if (list) list.push(entry);
      else fieldChanges.set(key, [entry]);
    } else {
      last.set(key, entry);
    }
  }
  const conflicts: RemovalConflict[] = [];
  last.forEach((removal, key) => {
    // Only removals that name what they saw (older ones do not) can be judged.
    if (removal.kind !== 'remove' || removal.parents.length === 0) return;
    const changes = fieldChanges.get(key) ?? [];
    const parentsOf = new Map<string, string[]>();
    for (const change of changes) {
      parentsOf.set(change.recordId, [
        ...(parentsOf.get(change.recordId) ?? []),
        ...change.parents,
      ]);
    }
    const seen = new Set<string>();
    const stack = [...removal.parents];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(parentsOf.get(id) ?? []));
    }
    const apart = changes.filter(
      (change) => change.recordId !== removal.recordId && !seen.has(change.recordId),
    );
    if (apart.length === 0) return;
    conflicts.push({
      section: removal.section,
      entryId: removal.entryId as string,
      removal,
      changes: apart,
    });
  });
  return conflicts;
}

/**
 * Every pair of changes of one field made apart (neither saw the other) to different values, settled
 * or not: the history view marks them.
 */
export function concurrentChanges(
  entries: readonly HistoryEntry[],
): [HistoryEntry, HistoryEntry][] {
  const pairs: [HistoryEntry, HistoryEntry][] = [];
  graphs(entries).forEach(({ changes, ancestors }) => {
    for (let i = 0; i < changes.length; i += 1) {
      for (let j = i + 1; j < changes.length; j += 1) {
        const a = changes[i] as HistoryEntry;
        const b = changes[j] as HistoryEntry;
        if (sameHistoryValue(valueOf(a), valueOf(b))) continue;
        if (ancestors(a).has(b.recordId) || ancestors(b).has(a.recordId)) continue;
        pairs.push([a, b]);
      }
    }
  });
  return pairs;
}

/** The open conflict of one field, if any (for the note beside that field). */
export function conflictOf(
  conflicts: readonly FieldConflict[],
  section: HistorySection,
  field: string,
  entryId: string | null = null,
): FieldConflict | null {
  return (
    conflicts.find((c) => c.section === section && c.field === field && c.entryId === entryId) ??
    null
  );
}

/** A report's history with its open conflicts: what a history screen or a field's note reads. */
export interface ReportHistory {
  entries: HistoryEntry[];
  conflicts: FieldConflict[];
  /** Rows removed while another device changed them. */
  removals: RemovalConflict[];
}

export function readReportHistory(doc: Y.Doc): ReportHistory {
  const entries = readHistory(doc);
  return {
    entries,
    conflicts: findConflicts(entries),
    removals: findRemovalConflicts(entries),
  };
}
