import type * as Y from 'yjs';
import { nowIso } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { canTransition, type ReportStatus } from './shift-summary.ts';
import { readReportMeta, setStatus } from './report-meta-doc.ts';

/**
 * The status a deleted plod goes back to: the one it had when it was deleted (kept by setStatus),
 * or active for a plod deleted before that was kept. Null when the plod is not deleted.
 */
export function restoredStatus(doc: Y.Doc): ReportStatus | null {
  const meta = readReportMeta(doc);
  if (meta.status !== 'deleted') return null;
  const before = meta.statusBeforeDelete;
  return before !== null && canTransition('deleted', before) ? before : 'active';
}

/**
 * Restore a deleted plod to the status it had (a supervisor's action, until cleanup removes it).
 * Refused (invalid-status-transition) unless the plod is deleted; answers the status restored.
 * `by` names who restored it, for the plod's status line.
 */
export function restoreReport(
  doc: Y.Doc,
  at: string = nowIso(),
  by: string | null = null,
): ReportStatus {
  const status = restoredStatus(doc);
  if (status === null) {
    const current = readReportMeta(doc).status;
    throw new ModelError(
      'invalid-status-transition',
      `Only a deleted plod can be restored; this one is ${current}`,
    );
  }
  setStatus(doc, status, at, by);
  return status;
}
