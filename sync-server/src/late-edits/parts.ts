import * as Y from 'yjs';
import { HISTORY_ROOTS, PLOD_PARTS } from '@plod/model';

/** What a late edit can change, named for the report's screens, in the order they are listed. */
export const REPORT_PARTS = [
  'shiftDetails',
  'summary',
  'crew',
  'holes',
  'runs',
  'timesheets',
  'survey',
  ...PLOD_PARTS.map((part) => part.lateEditPart),
  'notes',
  'signOff',
  'status',
  'other',
] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];

/** The report document's root holding status, notes and the primary driller (model kernel/report-keys.ts). */
export const META_ROOT = 'meta';
export const STATUS_KEY = 'status';

/** Root types of a report document (model kernel/report-keys.ts REPORT_ROOTS) and the part each holds. */
const ROOT_PARTS: Readonly<Record<string, ReportPart>> = {
  shift: 'shiftDetails',
  summaryOverrides: 'summary',
  crew: 'crew',
  holes: 'holes',
  runs: 'runs',
  timesheet: 'timesheets',
  survey: 'survey',
  ...Object.fromEntries(PLOD_PARTS.map((part) => [part.rootName, part.lateEditPart])),
  signOff: 'signOff',
};

/** Keys of the meta root that say something to a supervisor; the others are bookkeeping (updatedAt...). */
const META_PARTS: Readonly<Record<string, ReportPart>> = {
  notes: 'notes',
  status: 'status',
  completedAt: 'status',
  statusSetBy: 'status',
  statusSetAt: 'status',
  returnComment: 'status',
  reopenReason: 'status',
  primaryAssignmentId: 'crew',
};

/** The change history's roots: every change brings its record there, which is no part of its own. */
const HISTORY_ROOT_NAMES = new Set<string>(Object.values(HISTORY_ROOTS));

/** What an update brings to a document that already holds some state. */
export interface Addition {
  /**
   * The update to keep: the phone's own structs the document lacks (with the update's deletions), or
   * the whole update when some of it waits for content the document lacks (Yjs holds such structs
   * back, so their effect cannot be seen yet). Null: nothing new.
   *
   * Never what applying it did to the document: that holds other phones' kept edits, and applying an
   * update there has effects of its own (a map value that wins deletes the other phone's value it
   * replaces, a value that loses deletes itself). Kept with the edit, such an effect would make it
   * depend on an edit that may never be merged (then it cannot be merged either), or hide what the
   * phone wrote (then the review shows nothing of it).
   */
  update: Uint8Array | null;
  /** Parts of the report the new content changes. */
  parts: ReportPart[];
  /** True when some of the update depends on content the document lacks. */
  incomplete: boolean;
}

/**
 * Applies `update` to a scratch document built from `base` (applied in order) and reports what it
 * changed. Yjs emits no update for content a document already has, so a re-sent edit adds nothing.
 */
export function additionOf(base: readonly Uint8Array[], update: Uint8Array): Addition {
  const scratch = new Y.Doc();
  try {
    for (const known of base) Y.applyUpdate(scratch, known);
    return additionTo(scratch, update);
  } finally {
    scratch.destroy();
  }
}

/**
 * Applies `update` to `doc`, which holds everything known so far (and keeps the update), and
 * reports what it added: the cost is the update's, whatever `doc` already holds.
 */
export function additionTo(doc: Y.Doc, update: Uint8Array): Addition {
  const before = pendingOf(doc);
  const known = Y.encodeStateVector(doc);
  let added = false;
  const parts = new Set<ReportPart>();
  const onUpdate = () => {
    added = true;
  };
  const onTransaction = (transaction: Y.Transaction) => {
    for (const part of changedParts(doc, transaction)) parts.add(part);
  };
  doc.on('update', onUpdate);
  doc.on('afterTransaction', onTransaction);
  try {
    Y.applyUpdate(doc, update);
  } finally {
    doc.off('update', onUpdate);
    doc.off('afterTransaction', onTransaction);
  }
  const after = pendingOf(doc);
  const incomplete =
    (after.structs !== null && after.structs !== before.structs) ||
    (after.ds !== null && after.ds !== before.ds);
  const kept = incomplete ? update : added ? Y.diffUpdate(update, known) : null;
  return {
    update: kept,
    parts: REPORT_PARTS.filter((part) => parts.has(part)),
    incomplete,
  };
}

function pendingOf(doc: Y.Doc): { structs: Uint8Array | null; ds: Uint8Array | null } {
  return { structs: doc.store.pendingStructs?.update ?? null, ds: doc.store.pendingDs };
}

/** The report parts a transaction changed, found from the root type above each changed type. */
function changedParts(doc: Y.Doc, transaction: Y.Transaction): ReportPart[] {
  const rootNames = new Map<unknown, string>();
  for (const [name, type] of doc.share) rootNames.set(type, name);
  const parts: ReportPart[] = [];
  for (const [type, keys] of transaction.changed) {
    const root = rootOf(type);
    const name = rootNames.get(root);
    if (name !== undefined && HISTORY_ROOT_NAMES.has(name)) continue;
    if (name === META_ROOT && root === type) {
      for (const key of keys) {
        const part = key === null ? undefined : META_PARTS[key];
        if (part) parts.push(part);
      }
    } else if (name !== META_ROOT) {
      parts.push((name === undefined ? undefined : ROOT_PARTS[name]) ?? 'other');
    }
  }
  return parts;
}

/** A shared type as Yjs hands them out (roots, changed types). */
type SharedType = Y.Doc['share'] extends Map<string, infer T> ? T : never;

function rootOf(type: SharedType): SharedType {
  let current = type;
  for (;;) {
    const parent = current._item?.parent;
    if (!(parent instanceof Y.AbstractType)) return current;
    current = parent;
  }
}
