import type * as Y from 'yjs';
import { readRecord } from '../docs/entries.ts';
import type { Actor } from '../history/actor.ts';
import { META, REPORT_ROOTS, reportMap } from '../kernel/report-keys.ts';
import { readReportMeta } from './report-meta-doc.ts';
import { canTransition } from './shift-summary.ts';
import type { ReportStatus } from '../kernel/status.ts';

/**
 * Who changes a plod's lifecycle: a crew device, a supervisor, a client account, or the server
 * itself (null: nobody named, as in the model's own tests).
 */
export type LifecycleRole = Actor['kind'] | null;

export const APPROVED_READ_ONLY =
  'This plod is approved: it is read-only until a supervisor reopens it';
export const CREW_CANNOT_REVIEW =
  'Only a supervisor or a client account can approve or return a plod';
export const CREW_CANNOT_RESTORE = 'Only a supervisor can restore a deleted plod';
export const CLIENT_REVIEWS_ONLY = 'A client account can only approve or return a submitted plod';
export const RETURN_COMMENT_WITH_RETURN = 'A return comment is set only by returning the plod';
export const REOPEN_REASON_WITH_REOPEN = 'A reopen reason is set only by reopening the plod';
export const SIGN_OFF_WHILE_OPEN =
  'The sign-off changes only while the crew is filling the plod in';

/** True while nothing of the plod may change but a supervisor's Reopen. */
export function isLockedStatus(status: ReportStatus): boolean {
  return status === 'approved';
}

/**
 * Whether `role` may move a plod from one status to another: the message that says why not, or null.
 * The one rule of the lifecycle, for every path that changes a status (the model's `setStatus`, so
 * REST, and the relay's check of each socket update).
 * - Staying put is always allowed.
 * - An approved plod is locked: only a supervisor's Reopen moves it, back to submitted.
 * - Otherwise the transitions of STATUS_TRANSITIONS; a crew may not approve, return or restore,
 *   and a client account may only approve or return a submitted plod.
 */
export function statusChangeRefusal(
  from: ReportStatus,
  to: ReportStatus,
  role: LifecycleRole,
): string | null {
  if (from === to) return null;
  if (isLockedStatus(from)) {
    return to === 'sent' && role === 'supervisor' ? null : APPROVED_READ_ONLY;
  }
  if (!canTransition(from, to)) return `A ${from} report cannot become ${to}`;
  if (role === 'crew') {
    if (to === 'approved' || to === 'returned') return CREW_CANNOT_REVIEW;
    if (from === 'deleted') return CREW_CANNOT_RESTORE;
  }
  if (role === 'client' && !(from === 'sent' && (to === 'approved' || to === 'returned'))) {
    return CLIENT_REVIEWS_ONLY;
  }
  return null;
}

/** Where the lifecycle's values live: the meta root's keys below, and the whole sign-off root. */
export const LIFECYCLE_PLACES = {
  metaRoot: REPORT_ROOTS.meta,
  metaKeys: new Set<string>([
    META.status,
    META.statusSetBy,
    META.statusSetAt,
    META.statusBeforeDelete,
    META.returnComment,
    META.reopenReason,
  ]) as ReadonlySet<string>,
  signOffRoot: REPORT_ROOTS.signOff,
} as const;

/** What of a plod only the lifecycle changes: its status, the return comment and the sign-off. */
export interface LifecycleState {
  status: ReportStatus;
  returnComment: string | null;
  reopenReason: string | null;
  /** The sign-off record as JSON, to compare. */
  signOff: string;
}

export function readLifecycle(doc: Y.Doc): LifecycleState {
  const meta = readReportMeta(doc);
  return {
    status: meta.status,
    returnComment: meta.returnComment,
    reopenReason: meta.reopenReason,
    signOff: JSON.stringify(readRecord(reportMap(doc, 'signOff'))),
  };
}

/**
 * Whether `role` may take a plod from `before` to `after` in one change: the message that says why
 * not, or null. The status moves by `statusChangeRefusal`; the return comment changes only with a
 * return; the sign-off only while the plod is with the crew (active, completed or returned).
 */
export function lifecycleChangeRefusal(
  before: LifecycleState,
  after: LifecycleState,
  role: LifecycleRole,
): string | null {
  const status = statusChangeRefusal(before.status, after.status, role);
  if (status !== null) return status;
  const returning = after.status === 'returned' && before.status !== 'returned';
  if (before.returnComment !== after.returnComment && !returning) return RETURN_COMMENT_WITH_RETURN;
  const reopening = before.status === 'approved' && after.status === 'sent';
  if (before.reopenReason !== after.reopenReason && !reopening) return REOPEN_REASON_WITH_REOPEN;
  const open = ['active', 'completed', 'returned'].includes(before.status);
  if (before.signOff !== after.signOff && !open) return SIGN_OFF_WHILE_OPEN;
  return null;
}
