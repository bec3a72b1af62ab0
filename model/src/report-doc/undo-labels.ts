import * as Y from 'yjs';
import type { REPORT_ROOTS } from '../kernel/report-keys.ts';
import { META, reportMap, reportRuns } from '../kernel/report-keys.ts';
import { PLOD_PARTS } from '../parts/registry.ts';

/**
 * The parts of a report a phone may take back with Undo, in the order a change is described by
 * (a crew removal that also clears the primary driller reads "crew member removed"). Named one by
 * one, never "every root": a root added later (the change history) is not undone by accident.
 */
export const UNDO_ROOTS = [
  'runs',
  'timesheet',
  'survey',
  ...PLOD_PARTS.map((part) => part.root),
  'crew',
  'holeSetups',
  'holes',
  'shift',
  'overrides',
  'signOff',
  'meta',
] as const satisfies readonly (keyof typeof REPORT_ROOTS)[];
export type UndoRoot = (typeof UNDO_ROOTS)[number];

type Action = 'add' | 'edit' | 'delete';

/**
 * Words for a change to one of the report's entry collections: the noun, then what happened to it
 * ("time entry deleted"). Noun first on purpose: the button reads "Undo: time entry added", which
 * is never mistaken (by a person or a test looking for the button) for "Add Time Entry".
 */
const ENTRY_WORDS: Partial<Record<UndoRoot, { noun: string } & Partial<Record<Action, string>>>> = {
  runs: { noun: 'run' },
  timesheet: { noun: 'time entry' },
  survey: { noun: 'survey point' },
  ...Object.fromEntries(PLOD_PARTS.map((part) => [part.root, { noun: part.undoNoun }])),
  crew: { noun: 'crew member', add: 'assigned', delete: 'removed' },
  holes: { noun: 'hole', add: 'started' },
};

const PAST: Readonly<Record<Action, string>> = { add: 'added', edit: 'edited', delete: 'deleted' };

/** Single-record parts: every change is an edit of the whole. */
const RECORD_LABELS: Partial<Record<UndoRoot, string>> = {
  shift: 'shift details edited',
  overrides: 'report summary edited',
  signOff: 'sign-off edited',
};

/** Meta keys a person changes; the rest (updatedAt, status, ids) are bookkeeping or lifecycle. */
const META_LABELS: Readonly<Record<string, string>> = {
  [META.notes]: 'notes edited',
  [META.primaryAssignmentId]: 'primary driller changed',
};

type RootType = Y.Map<unknown> | Y.Array<Y.Map<unknown>>;

/** A transaction's per-type maps are keyed by the loosely typed AbstractType: look up by identity. */
function byType<V>(map: ReadonlyMap<unknown, V>, type: RootType): V | undefined {
  return map.get(type);
}

/** The root type of a report part. */
export function undoRootType(doc: Y.Doc, root: UndoRoot): RootType {
  return root === 'runs' ? reportRuns(doc) : reportMap(doc, root);
}

/** Added, deleted or edited, from the events of one entry collection in a transaction. */
function entryAction(root: RootType, events: readonly Y.YEvent<Y.AbstractType<unknown>>[]): Action {
  for (const event of events) {
    if (event.target !== root) continue;
    // Yjs lists a map's changes by key and an array's by added and deleted items.
    const actions = new Set([...event.keys.values()].map((k) => k.action));
    const { added, deleted } = event.changes;
    if (added.size > 0) actions.add('add');
    if (deleted.size > 0) actions.add('delete');
    if (actions.size === 1 && !actions.has('update')) return actions.has('add') ? 'add' : 'delete';
  }
  return 'edit';
}

/**
 * A hole's setup is kept as writes that are only ever added (hole/setup-writes.ts): a write that
 * says where the plod's chain starts is the hole being started or continued; any other changes the
 * hole's settings (a choice between two phones' values, or marking it complete).
 */
function holeSetupChange(
  setups: Y.Map<unknown>,
  events: readonly Y.YEvent<Y.AbstractType<unknown>>[],
): string {
  for (const event of events) {
    if (event.target !== setups) continue;
    for (const [key, change] of event.keys) {
      const write = change.action === 'add' ? setups.get(key) : undefined;
      if (write instanceof Y.Map && write.has('startDepth')) return 'hole started';
    }
  }
  return 'hole edited';
}

/** True when the transaction changed the report's status (a lifecycle step, never undone). */
export function changesStatus(doc: Y.Doc, transaction: Y.Transaction): boolean {
  return byType(transaction.changed, reportMap(doc, 'meta'))?.has(META.status) === true;
}

/**
 * What a transaction did to the report, in words for an Undo button ("time entry deleted"), or
 * null when it changed nothing a person would undo (only the updatedAt stamp, or nothing in scope).
 * Call it while the transaction's events can still be read (in an observer or afterTransaction).
 */
export function describeReportChange(doc: Y.Doc, transaction: Y.Transaction): string | null {
  for (const root of UNDO_ROOTS) {
    const type = undoRootType(doc, root);
    const events = byType(transaction.changedParentTypes, type);
    if (!events || events.length === 0) continue;
    if (root === 'holeSetups') return holeSetupChange(reportMap(doc, 'holeSetups'), events);
    const entry = ENTRY_WORDS[root];
    if (entry) {
      const action = entryAction(type, events);
      return `${entry.noun} ${entry[action] ?? PAST[action]}`;
    }
    const record = RECORD_LABELS[root];
    if (record) return record;
    const keys = byType(transaction.changed, type) ?? new Set<string | null>();
    for (const key of keys) {
      const label = key === null ? undefined : META_LABELS[key];
      if (label) return label;
    }
  }
  return null;
}
