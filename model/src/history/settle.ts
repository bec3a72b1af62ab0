import type * as Y from 'yjs';
import { insertEntry, nowIso } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { reportMap } from '../report-doc/keys.ts';
import { mutateReport } from '../report-doc/mutate.ts';
import type { RemovalConflict } from './conflicts.ts';
import { recordKeptRemoved } from './record.ts';
import type { HistoryFields, HistoryValue } from './values.ts';
import { isDigest } from './values.ts';

/** Sections whose rows are plain fields, so a removed one can be brought back from its history. */
export const RESTORABLE_SECTIONS = ['timesheet', 'survey', 'maintenance', 'hireTools'] as const;
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
