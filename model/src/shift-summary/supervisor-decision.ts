import type * as Y from 'yjs';
import { z } from 'zod';
import { nowIso } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { META, reportMap } from '../kernel/report-keys.ts';
import type { ReportStatus } from '../kernel/status.ts';
import { mutateReport } from '../kernel/mutate.ts';
import { readReportMeta, setStatus } from './report-meta-doc.ts';

export const RETURN_COMMENT_REQUIRED = 'Say what the crew must fix: a comment is required';
export const RETURN_COMMENT_MAX = 2000;

/** Text a supervisor must give, trimmed, with the message for none and the longest it may be. */
const requiredWords = (required: string, noun: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(RETURN_COMMENT_MAX, `A ${noun} must be at most ${RETURN_COMMENT_MAX} characters`);

/** POST /api/shift-summaries/{id}/return: what the crew must fix. */
export const returnBodySchema = z.object({
  comment: requiredWords(RETURN_COMMENT_REQUIRED, 'comment'),
});
export type ReturnBody = z.infer<typeof returnBodySchema>;

export const REOPEN_REASON_REQUIRED = 'Say why the plod is reopened: a reason is required';

/** POST /api/shift-summaries/{id}/reopen: why an approved plod is reopened. */
export const reopenBodySchema = z.object({
  reason: requiredWords(REOPEN_REASON_REQUIRED, 'reason'),
});
export type ReopenBody = z.infer<typeof reopenBodySchema>;

/**
 * A decision is taken only on a plod in the status it needs (a submitted plod is approved or
 * returned, an approved one reopened); anything else is a 409.
 */
function requireStatus(doc: Y.Doc, needed: ReportStatus, only: string): void {
  const { status } = readReportMeta(doc);
  if (status !== needed) {
    throw new ModelError('invalid-status-transition', `Only ${only}: this one is ${status}`);
  }
}

/** Approves a submitted plod: it is locked from then on. `by` names who approved it. */
export function approveReport(doc: Y.Doc, by: string | null, at: string = nowIso()): void {
  requireStatus(doc, 'sent', 'a submitted plod can be approved');
  setStatus(doc, 'approved', at, by);
}

/**
 * Returns a submitted plod to the crew with the comment that says what to fix; their phones show it
 * and make the plod editable again until they submit it once more.
 */
export function returnReport(
  doc: Y.Doc,
  comment: string,
  by: string | null,
  at: string = nowIso(),
): void {
  const parsed = returnBodySchema.parse({ comment });
  requireStatus(doc, 'sent', 'a submitted plod can be returned');
  mutateReport(doc, () => {
    setStatus(doc, 'returned', at, by);
    reportMap(doc, 'meta').set(META.returnComment, parsed.comment);
  });
}

/**
 * Reopens an approved plod (a supervisor's action, the document's actor: see lifecycle.ts): it is
 * submitted again, and the reason is recorded beside the status (in the history, and shown with
 * the plod). Refused (invalid-status-transition) unless the plod is approved.
 */
export function reopenReport(
  doc: Y.Doc,
  reason: string,
  by: string | null,
  at: string = nowIso(),
): void {
  const parsed = reopenBodySchema.parse({ reason });
  requireStatus(doc, 'approved', 'an approved plod can be reopened');
  mutateReport(doc, () => {
    setStatus(doc, 'sent', at, by);
    reportMap(doc, 'meta').set(META.reopenReason, parsed.reason);
  });
}
