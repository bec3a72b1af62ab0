import type * as Y from 'yjs';
import {
  describeHistory,
  describeReportChanges,
  readHistory,
  readReport,
  readReportHistory,
  reassertMergedValues,
} from '@plod/model';
import type { ChangePart, HistoryGroup, ReportChange } from '@plod/model';
import { arrivedRecords, scratchOf, stepOnScratch } from './apply.ts';
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
    const known = new Set(readHistory(scratch).map((entry) => entry.recordId));
    for (const step of plan.steps.slice(ownStart)) stepOnScratch(scratch, step);
    const arrived = arrivedRecords(scratch, known);
    reassertMergedValues(scratch, arrived);
    const changes = [
      ...describeReportChanges(before, readReport(scratch)),
      ...conflictsOf(scratch, known),
    ];
    return {
      changes: changes.length > 0 ? changes : alreadySo(scratch, arrived),
      alongside: plan.alongside,
      refusal: null,
    };
  } finally {
    scratch.destroy();
  }
}

/** The part of the plod a history group is on (a status change is among the shift's details). */
const partOf = (group: HistoryGroup): ChangePart => (group === 'Status' ? 'Shift details' : group);

/**
 * The session's changes made apart from another change of the same field (a crewmate's, a
 * supervisor's, another late edit merged first): whichever the plod keeps, the other is named, so a
 * change that loses to another is never missing from the review. `known`: the records the plod held
 * before the session's own.
 */
function conflictsOf(doc: Y.Doc, known: ReadonlySet<string>): ReportChange[] {
  const { entries, conflicts, removals } = readReportHistory(doc);
  const described = new Map(
    describeHistory(entries).map((change) => [
      `${change.entry.recordId}\u0001${change.entry.section}\u0001${change.entry.entryId ?? ''}\u0001${change.entry.field ?? ''}`,
      change,
    ]),
  );
  const textOf = (change: (typeof conflicts)[number]['changes'][number]) =>
    described.get(
      `${change.recordId}\u0001${change.section}\u0001${change.entryId ?? ''}\u0001${change.field ?? ''}`,
    );
  const lines: ReportChange[] = [];
  for (const conflict of conflicts) {
    const own = conflict.changes.filter((change) => !known.has(change.recordId));
    const others = conflict.changes.filter((change) => known.has(change.recordId));
    const mine = own.at(-1);
    if (!mine || others.length === 0) continue;
    const text = textOf(mine);
    if (!text) continue;
    const apart = others.flatMap((change) => textOf(change)?.text ?? []).join(' and ');
    lines.push({
      part: partOf(text.group),
      text: `Conflict: ${text.text}, made apart from ${apart}`,
    });
  }
  // A row removed on one side and changed on the other: gone either way until someone restores it.
  for (const removal of removals) {
    const removed = textOf(removal.removal);
    if (!removed) continue;
    const ownRemoval = !known.has(removal.removal.recordId);
    const changes = removal.changes.filter((change) => ownRemoval || !known.has(change.recordId));
    if (changes.length === 0) continue;
    const changed = changes.flatMap((change) => textOf(change)?.text ?? []).join(' and ');
    lines.push({
      part: partOf(removed.group),
      text: `Conflict: ${changed}, made apart from ${removed.text} (restore the row or keep it deleted on the plod)`,
    });
  }
  return lines;
}

/**
 * A session that changes nothing the plod shows (a row it removed that was removed already, a row it
 * added and removed again) still says what its phone did, so its card is never blank while the
 * phone counts it as waiting.
 */
function alreadySo(doc: Y.Doc, arrived: ReadonlySet<string>): ReportChange[] {
  return describeHistory(readHistory(doc))
    .filter((change) => arrived.has(change.entry.recordId))
    .map((change) => ({
      part: partOf(change.group),
      text: `${change.text} (the plod already shows this)`,
    }));
}
