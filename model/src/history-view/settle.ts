import * as Y from 'yjs';
import { insertEntry, nowIso } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import type { RemovalConflict } from '../history/conflicts.ts';
import { readHistory } from '../history/read.ts';
import { REPORT_ROOTS } from '../kernel/report-keys.ts';
import { recordKeptRemoved } from '../history/record.ts';
import { PLOD_PARTS } from '../parts/registry.ts';
import type { HistoryFields, HistoryValue } from '../history/values.ts';
import { isDigest, sameHistoryValue, toHistoryValue } from '../history/values.ts';

/** Sections whose rows are plain fields, so a removed one can be brought back from its history. */
export const RESTORABLE_SECTIONS = [
  'timesheet',
  'survey',
  ...PLOD_PARTS.map((part) => part.root),
] as const;
type RestorableSection = (typeof RESTORABLE_SECTIONS)[number];

const isRestorable = (section: string): section is RestorableSection =>
  (RESTORABLE_SECTIONS as readonly string[]).includes(section);

/** True when "Restore" can bring the row of a removal conflict back. */
export function canRestore(conflict: Pick<RemovalConflict, 'section'>): boolean {
  return isRestorable(conflict.section);
}

/**
 * The row as it would be brought back: its fields when it was removed, with the changes made apart
 * from the removal on top (oldest first). A long text the history kept as a digest is left out.
 */
export function restoredFields(
  conflict: RemovalConflict,
): Record<string, string | number | boolean> {
  const fields: Record<string, HistoryValue> = {
    ...(conflict.removal.old as HistoryFields | null),
  };
  for (const change of conflict.changes) {
    if (change.field !== null) fields[change.field] = change.new as HistoryValue;
  }
  const plain: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && !isDigest(value)) plain[key] = value;
  }
  return plain;
}

/** "Restore": brings a removed row back with the changes made apart from its removal. */
export function restoreRemovedEntry(doc: Y.Doc, conflict: RemovalConflict): void {
  const { section } = conflict;
  if (!isRestorable(section)) {
    throw new ModelError('invalid-input', 'This row cannot be brought back: keep it deleted');
  }
  mutateReport(doc, () =>
    insertEntry(reportMap(doc, section), conflict.entryId, {
      ...restoredFields(conflict),
      createdAt: nowIso(),
    }),
  );
}

/** "Keep deleted": the row stays removed; the changes made apart from its removal are let go. */
export function keepRemovedEntry(doc: Y.Doc, conflict: RemovalConflict): void {
  recordKeptRemoved(doc, conflict.section, conflict.entryId);
}

const LIFECYCLE_FIELDS = new Set(['status', 'returnComment', 'statusBeforeDelete']);

/**
 * After a merge brings in records made elsewhere (a late edit): each field one of them changed whose
 * changes all agree on one value (no conflict), but which the document shows otherwise, is set to
 * that value again. Yjs keeps a map key's rightmost value: a write that arrives beside a value that
 * was itself later deleted (a discarded late edit, brought in and undone) sits left of it and reads
 * as gone, though nobody replaced it. Runs (kept in an array) and long texts are left as they are.
 * Returns how many fields were set.
 */
export function reassertMergedValues(doc: Y.Doc, arrived: ReadonlySet<string>): number {
  const entries = readHistory(doc);
  const byField = new Map<string, typeof entries>();
  for (const entry of entries) {
    if (entry.kind !== 'change' || entry.field === null || entry.section === 'runs') continue;
    // The lifecycle is the plod's own: a merge never changes it.
    if (entry.section === 'meta' && LIFECYCLE_FIELDS.has(entry.field)) continue;
    const key = `${entry.section}\u0001${entry.entryId ?? ''}\u0001${entry.field}`;
    byField.set(key, [...(byField.get(key) ?? []), entry]);
  }
  let set = 0;
  byField.forEach((changes) => {
    if (!changes.some((change) => arrived.has(change.recordId))) return;
    const parents = new Set(changes.flatMap((change) => change.parents));
    const heads = changes.filter((change) => !parents.has(change.recordId));
    const value = heads[0]?.new as HistoryValue | undefined;
    if (value === undefined || isDigest(value)) return;
    if (!heads.every((head) => sameHistoryValue(head.new as HistoryValue, value))) return;
    const first = changes[0];
    if (!first?.field) return;
    const root = doc.getMap(REPORT_ROOTS[first.section]);
    const target = first.entryId === null ? root : root.get(first.entryId);
    if (!(target instanceof Y.Map)) return;
    if (sameHistoryValue(toHistoryValue(target.get(first.field)), value)) return;
    target.set(first.field, value);
    set += 1;
  });
  return set;
}
