import * as Y from 'yjs';
import { reportMap, reportRuns } from '../kernel/report-keys.ts';
import type { HistorySection } from './stored.ts';
import { HISTORY_SECTIONS, fieldKey } from './stored.ts';

/** A shared type as a transaction lists it among those it changed. */
type ChangedType = Y.Transaction['changed'] extends Map<infer T, unknown> ? T : never;

/**
 * The fields a transaction wrote, whether or not their value changed. A write of the value already
 * there changes nothing here, but it is still a write: merged with a change another device made
 * meanwhile, it can be the one that wins. So the history records it, and the difference of before
 * and after (which cannot see it) is completed from the transaction's own list of changed keys.
 */
export interface TouchedField {
  section: HistorySection;
  entryId: string | null;
  field: string;
}

function locate(
  doc: Y.Doc,
  type: ChangedType,
): { section: HistorySection; entryId: string | null } | null {
  for (const section of HISTORY_SECTIONS) {
    if (section !== 'runs' && (type as unknown) === reportMap(doc, section)) {
      return { section, entryId: null };
    }
  }
  const item = type._item;
  if (!item || !(type instanceof Y.Map)) return null;
  const parent = item.parent as unknown;
  if (parent === reportRuns(doc)) {
    const id: unknown = type.get('id');
    return typeof id === 'string' ? { section: 'runs', entryId: id } : null;
  }
  if (item.parentSub === null) return null;
  for (const section of HISTORY_SECTIONS) {
    if (section !== 'runs' && parent === reportMap(doc, section)) {
      return { section, entryId: item.parentSub };
    }
  }
  return null;
}

/** Collects the report fields a transaction wrote into `into`, keyed by fieldKey. */
export function collectTouched(
  doc: Y.Doc,
  transaction: Y.Transaction,
  into: Map<string, TouchedField>,
): void {
  transaction.changed.forEach((keys, type) => {
    const at = locate(doc, type);
    if (!at) return;
    keys.forEach((field) => {
      if (field !== null) into.set(fieldKey(at.section, at.entryId, field), { ...at, field });
    });
  });
}
