import type * as Y from 'yjs';
import { describeReportChanges, readReport } from '@plod/model';
import type { ReportChange } from '@plod/model';
import { scratchOf, stepOnScratch } from './apply.ts';
import type { PlannedEdit } from './plan.ts';
import { planMerge } from './plan.ts';

/** What merging a session would do, as the review shows it. */
export interface SessionPreview {
  /** The session's own changes in words, before -> after, against the plod as it would be. */
  changes: ReportChange[];
  /** Waiting edits of the same phone this session builds on: merging it merges them too. */
  alongside: string[];
  /** Why it cannot be merged (then only discarding is offered), or null. */
  refusal: 'unreadable' | 'incomplete' | null;
}

/**
 * Previews merging `targets` on a copy of the plod: the steps that come before the targets' own
 * merge (absorbing discarded edits, merging earlier edits they build on) are taken first, so the
 * changes listed are the session's own, read against the plod it would land in.
 */
export function previewMerge(
  doc: Y.Doc,
  targets: readonly PlannedEdit[],
  all: readonly PlannedEdit[],
): SessionPreview {
  const plan = planMerge(doc, targets, all);
  if (typeof plan === 'string') return { changes: [], alongside: [], refusal: plan };
  const scratch = scratchOf(doc);
  try {
    const ownStart = plan.ownFrom;
    for (const step of plan.steps.slice(0, ownStart)) stepOnScratch(scratch, step);
    const before = readReport(scratch);
    for (const step of plan.steps.slice(ownStart)) stepOnScratch(scratch, step);
    return {
      changes: describeReportChanges(before, readReport(scratch)),
      alongside: plan.alongside,
      refusal: null,
    };
  } finally {
    scratch.destroy();
  }
}
