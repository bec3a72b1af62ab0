import * as Y from 'yjs';
import { readHistory } from '@plod/model';
import { META_ROOT, STATUS_KEY } from './parts.ts';
import { UnreadableUpdate, applyClientUpdate, checkUpdate } from '../sync/update-check.ts';

/**
 * How a kept edit goes into its report. Both decisions bring the edit's own structs into the
 * document, so that the server's copy holds every clock the phone has: a phone that re-sends the
 * edit later (or once the plod is returned and nothing is held any more) adds nothing, and edits
 * made after it, which build on it, apply as they are.
 *
 * - merge: the edit's changes stay (the status apart: an edit made before the phone learnt of the
 *   submission cannot change it).
 * - absorb (a discard): the edit goes in and is undone at once, in one update, so the plod reads as
 *   before and every phone, the one that made the edit included, sees it undone.
 */
export type Step = { kind: 'merge' | 'absorb'; update: Uint8Array };

/** Why a step cannot be taken on a document. */
export type Refusal = 'unreadable' | 'incomplete';

const ORIGIN = Symbol('plod-late-edit');

/**
 * A copy of a document to try steps on. It keeps deleted content (no garbage collection), which an
 * undo puts back. Its own changes (the status kept, an undo) carry its own client id: the
 * document's would make Yjs think another client uses it, and change it.
 */
export function scratchOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc({ gc: false });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

function pending(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

/**
 * Applies an update to a scratch document, read through as the relay reads a socket's update.
 * Answers the refusal when it cannot be read, or when part of it waits for content the document
 * lacks (then the scratch copy is spoilt and must be thrown away).
 */
function applyOnScratch(scratch: Y.Doc, update: Uint8Array): Refusal | null {
  let repeats: boolean;
  try {
    repeats = checkUpdate(update, (client) => Y.getState(scratch.store, client));
  } catch (error) {
    if (error instanceof UnreadableUpdate) return 'unreadable';
    throw error;
  }
  applyClientUpdate(scratch, update, repeats, ORIGIN);
  return pending(scratch) ? 'incomplete' : null;
}

/**
 * Takes a step on a scratch document. A merge keeps the document's status; an absorb undoes what
 * the edit did (Yjs's own UndoManager: inserted content deleted, deleted content put back).
 */
export function stepOnScratch(scratch: Y.Doc, step: Step): Refusal | null {
  const status: unknown = scratch.getMap(META_ROOT).get(STATUS_KEY);
  const undo =
    step.kind === 'absorb'
      ? new Y.UndoManager(scratch, { trackedOrigins: new Set([ORIGIN]), captureTimeout: 0 })
      : null;
  try {
    const refusal = applyOnScratch(scratch, step.update);
    if (refusal) return refusal;
    if (undo) undo.undo();
    else if (scratch.getMap(META_ROOT).get(STATUS_KEY) !== status) {
      scratch.getMap(META_ROOT).set(STATUS_KEY, status);
    }
    return null;
  } finally {
    undo?.destroy();
  }
}

/**
 * What taking `steps` in order (then `finish`) would add to the document, as one update (so the
 * document never holds half an edit, and an absorbed edit never shows): tried on a copy, or the
 * first refusal. Writes go in this update rather than beside it in the document's transaction:
 * Yjs takes a transaction that applies an update and also writes as the document's own client to
 * mean another client uses its id, and changes it.
 *
 * Call it outside any Yjs transaction (a read, not a transact): Yjs runs every document's
 * afterTransaction handlers only once the outermost transaction in the process ends, and the
 * UndoManager records what to undo in that handler, so inside another transaction it would find
 * nothing to undo.
 */
export function resultOf(
  doc: Y.Doc,
  steps: readonly Step[],
  finish?: (scratch: Y.Doc) => void,
): Uint8Array | Refusal {
  const scratch = scratchOf(doc);
  try {
    for (const step of steps) {
      const refusal = stepOnScratch(scratch, step);
      if (refusal) return refusal;
    }
    finish?.(scratch);
    return Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(doc));
  } finally {
    scratch.destroy();
  }
}

/**
 * Applies an update `resultOf` made to the live document, inside its transaction. The document may
 * have gained clocks since (a phone re-sending the same edit): read through and cut as the relay
 * does for a socket's update.
 */
export function applyResult(doc: Y.Doc, update: Uint8Array): void {
  const repeats = checkUpdate(update, (client) => Y.getState(doc.store, client));
  applyClientUpdate(doc, update, repeats, null);
}

/** Tries steps on a copy of the document: the first refusal, or null when all can be taken. */
export function trySteps(doc: Y.Doc, steps: readonly Step[]): Refusal | null {
  const scratch = scratchOf(doc);
  try {
    for (const step of steps) {
      const refusal = stepOnScratch(scratch, step);
      if (refusal) return refusal;
    }
    return null;
  } finally {
    scratch.destroy();
  }
}

/** Records the document holds that were not among `known`. */
export function arrivedRecords(doc: Y.Doc, known: ReadonlySet<string>): Set<string> {
  return new Set(
    readHistory(doc)
      .map((entry) => entry.recordId)
      .filter((id) => !known.has(id)),
  );
}
