import * as Y from 'yjs';
import type { Refusal, Step } from './apply.ts';
import { scratchOf, stepOnScratch, trySteps } from './apply.ts';

/** A kept edit as planning needs it. */
export interface PlannedEdit {
  id: string;
  deviceId: string;
  /** The device's name (its id when it has none), for the history's note. */
  deviceName: string;
  /** Insertion order (rowid): the order the server received edits in. */
  seq: number;
  update: Uint8Array;
  state: 'waiting' | 'discarded';
}

/** What merging some edits takes: the steps in order, and the other waiting edits merged along. */
export interface Plan {
  steps: Step[];
  /** Ids of the edits merged (the targets and those they build on). */
  merged: string[];
  /** Ids of discarded edits absorbed on the way. */
  absorbed: string[];
  /** Waiting edits that are not targets but are merged along (an earlier session they build on). */
  alongside: string[];
  /** Index of the first step that is the targets' own (the steps before it are what they need). */
  ownFrom: number;
}

const mergeStep = (edits: readonly PlannedEdit[]): Step => ({
  kind: 'merge',
  update: Y.mergeUpdates(edits.map((edit) => edit.update)),
});
const absorbStep = (edit: PlannedEdit): Step => ({ kind: 'absorb', update: edit.update });

/**
 * Discarded edits that can be absorbed now, in order, each after the ones before it (an edit can
 * build on another discarded one). Those that build on a waiting edit wait for its decision.
 */
export function absorbable(doc: Y.Doc, discarded: readonly PlannedEdit[]): PlannedEdit[] {
  const scratch = scratchOf(doc);
  try {
    const taken: PlannedEdit[] = [];
    let left = [...discarded].sort((a, b) => a.seq - b.seq);
    for (let progress = true; progress && left.length > 0;) {
      progress = false;
      for (const edit of left) {
        // A refused try spoils the copy: try on a copy of the copy first.
        if (trySteps(scratch, [absorbStep(edit)]) !== null) continue;
        stepOnScratch(scratch, absorbStep(edit));
        taken.push(edit);
        progress = true;
      }
      left = left.filter((edit) => !taken.includes(edit));
    }
    return taken;
  } finally {
    scratch.destroy();
  }
}

/**
 * How to merge `targets` (waiting edits of one plod, from one or more sessions) into the document,
 * given every edit kept for the plod. First as they are, after absorbing the discarded edits that
 * can be; when they build on content the server lacks, the phone's earlier edits are replayed in
 * the order they arrived (its waiting ones merged along, its discarded ones absorbed). Answers the
 * refusal when even that cannot be done.
 */
export function planMerge(
  doc: Y.Doc,
  targets: readonly PlannedEdit[],
  all: readonly PlannedEdit[],
): Plan | Refusal {
  const ordered = [...targets].sort((a, b) => a.seq - b.seq);
  const targetIds = new Set(ordered.map((edit) => edit.id));
  const ready = absorbable(
    doc,
    all.filter((edit) => edit.state === 'discarded'),
  );
  const direct: Plan = {
    steps: [...ready.map(absorbStep), mergeStep(ordered)],
    merged: ordered.map((edit) => edit.id),
    absorbed: ready.map((edit) => edit.id),
    alongside: [],
    ownFrom: ready.length,
  };
  const first = trySteps(doc, direct.steps);
  if (first === null) return direct;
  if (first === 'unreadable') return first;

  const last = ordered.at(-1)?.seq ?? 0;
  const devices = new Set(ordered.map((edit) => edit.deviceId));
  const replay = all
    .filter((edit) => devices.has(edit.deviceId) && edit.seq <= last)
    .sort((a, b) => a.seq - b.seq);
  const plan: Plan = { steps: [], merged: [], absorbed: [], alongside: [], ownFrom: 0 };
  for (const edit of replay) {
    if (targetIds.has(edit.id) && plan.merged.every((id) => !targetIds.has(id))) {
      plan.ownFrom = plan.steps.length;
    }
    if (edit.state === 'discarded') {
      plan.steps.push(absorbStep(edit));
      plan.absorbed.push(edit.id);
    } else {
      plan.steps.push(mergeStep([edit]));
      plan.merged.push(edit.id);
      if (!targetIds.has(edit.id)) plan.alongside.push(edit.id);
    }
  }
  return trySteps(doc, plan.steps) ?? plan;
}
