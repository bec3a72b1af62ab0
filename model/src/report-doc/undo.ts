import * as Y from 'yjs';
import { nowIso } from '../docs/entries.ts';
import { listeners } from '../docs/listeners.ts';
import { recordReportChanges } from '../history/record.ts';
import { META, reportMap } from '../kernel/report-keys.ts';
import { UNDO_ROOTS, changesStatus, describeReportChange, undoRootType } from './undo-labels.ts';

/** One change this device can take back: what it did, in words, and when (ms since the epoch). */
export interface UndoStep {
  readonly label: string;
  readonly at: number;
}

/**
 * What an undo did. `changed-since`: someone else has changed what the step touched since (a
 * crewmate edited the entry this phone added, or overwrote the field it set), so nothing was
 * undone and the step is dropped: an undo never takes back another device's work.
 */
export type UndoOutcome =
  | { kind: 'undone'; label: string }
  | { kind: 'changed-since'; label: string }
  | { kind: 'nothing' };

/** Undo for one open report document, limited to this device's own changes. */
export interface ReportUndo {
  /** The change the next undo takes back, or null; the same object until the history changes. */
  next(): UndoStep | null;
  undo(): UndoOutcome;
  /** Forgets the history when its newest change is older than `cutoff` (ms since the epoch). */
  expireBefore(cutoff: number): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

export interface ReportUndoOptions {
  /** The transaction origin of this device's own changes: only those are undoable. */
  localOrigin: unknown;
  now?: () => number;
}

type StackItem = Y.UndoManager['undoStack'][number];
const FALLBACK_LABEL = 'last change';

/** True when a live part of `type` (at any depth) was written by a client other than `own`. */
function holdsOthersWork(type: Y.AbstractType<unknown>, own: number): boolean {
  const foreign = (item: Y.Item): boolean =>
    !item.deleted &&
    (item.id.client !== own ||
      (item.content instanceof Y.ContentType && holdsOthersWork(item.content.type, own)));
  for (const item of type._map.values()) if (foreign(item)) return true;
  for (let item = type._start; item !== null; item = item.right) if (foreign(item)) return true;
  return false;
}

/**
 * True when something this step inserted (an entry, a run) now holds another device's work: undoing
 * the insertion would delete that work with it. A field this step set and someone overwrote is
 * Yjs's own case: the UndoManager never overwrites a remote change to a map key.
 */
function othersBuiltOn(doc: Y.Doc, step: StackItem): boolean {
  for (const [client, ranges] of step.insertions.clients) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    for (const { clock, len } of ranges) {
      for (let i = Y.findIndexSS(structs, clock); i < structs.length; i += 1) {
        const struct = structs[i];
        if (!struct || struct.id.clock >= clock + len) break;
        if (!(struct instanceof Y.Item)) continue;
        // An entry an earlier undo brought back lives on as its copy: look at that.
        let item = struct;
        while (item.redone !== null) item = Y.getItem(doc.store, item.redone);
        if (
          !item.deleted &&
          item.content instanceof Y.ContentType &&
          holdsOthersWork(item.content.type, doc.clientID)
        ) {
          return true;
        }
      }
    }
  }
  return false;
}

/**
 * Undo of this device's own recent report changes (Yjs's UndoManager). Only transactions whose
 * origin is `localOrigin` are captured, so a crewmate's change that arrived from the network is
 * never on the stack; each named mutation is its own step. A status change (complete, submit,
 * return) ends the history: a lifecycle step is not undone, and nothing before it is either.
 * The history lives in memory only, so it does not survive a reload.
 */
export function createReportUndo(doc: Y.Doc, options: ReportUndoOptions): ReportUndo {
  const now = options.now ?? Date.now;
  // The words of the transaction being captured: the manager asks captureTransaction, then (in the
  // same call) announces the step it made of it.
  let capturing: string | null = null;
  const manager = new Y.UndoManager(
    UNDO_ROOTS.map((root) => undoRootType(doc, root)),
    {
      // Every named mutation is one step, however quickly the next follows.
      captureTimeout: 0,
      trackedOrigins: new Set([options.localOrigin]),
      captureTransaction: (transaction) => {
        capturing = changesStatus(doc, transaction) ? null : describeReportChange(doc, transaction);
        return capturing !== null;
      },
    },
  );
  const steps = new WeakMap<StackItem, UndoStep>();
  const changes = listeners();
  let quiet = false;
  let current: UndoStep | null = null;

  const refresh = () => {
    if (quiet) return;
    const top = manager.undoStack.at(-1);
    const next = top ? (steps.get(top) ?? { label: FALLBACK_LABEL, at: now() }) : null;
    if (next === current) return;
    current = next;
    changes.tell();
  };

  manager.on('stack-item-added', (event) => {
    // 'undo' items are new changes; 'redo' items are what an undo pushed, which is not offered.
    if (event.type === 'undo') {
      steps.set(event.stackItem, { label: capturing ?? FALLBACK_LABEL, at: now() });
    }
    refresh();
  });
  manager.on('stack-item-popped', refresh);
  manager.on('stack-cleared', refresh);

  const onTransaction = (transaction: Y.Transaction) => {
    if (changesStatus(doc, transaction)) manager.clear();
  };
  doc.on('afterTransaction', onTransaction);

  return {
    next: () => current,
    undo() {
      const top = manager.undoStack.at(-1);
      if (!top) return { kind: 'nothing' };
      const label = steps.get(top)?.label ?? FALLBACK_LABEL;
      if (othersBuiltOn(doc, top)) {
        manager.undoStack.pop();
        refresh();
        return { kind: 'changed-since', label };
      }
      // Only the top step: when it can no longer change anything, Yjs would go on to undo the
      // step below it, which the button did not name.
      const below = manager.undoStack.splice(0, manager.undoStack.length - 1);
      let undone = false;
      quiet = true;
      try {
        // The undo is recorded in the history like any other change, as this device's actor's.
        undone = recordReportChanges(doc, () => manager.undo() !== null, {
          note: `Undo: ${label}`,
        });
      } finally {
        manager.undoStack.unshift(...below);
        manager.clear(false, true);
        quiet = false;
      }
      if (undone) {
        // An undo is a change of its own: the report was updated now, not when the step was made.
        doc.transact(
          () => reportMap(doc, 'meta').set(META.updatedAt, nowIso()),
          options.localOrigin,
        );
      }
      refresh();
      return undone ? { kind: 'undone', label } : { kind: 'changed-since', label };
    },
    expireBefore(cutoff) {
      if (current && current.at < cutoff) manager.clear();
    },
    clear: () => manager.clear(),
    subscribe: changes.add,
    destroy() {
      doc.off('afterTransaction', onTransaction);
      changes.clear();
      manager.destroy();
    },
  };
}
