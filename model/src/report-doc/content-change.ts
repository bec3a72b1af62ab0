import type * as Y from 'yjs';
import { REPORT_STATUSES, type ReportStatus } from '../kernel/status.ts';
import { HISTORY_ROOTS } from '../history/stored.ts';
import { META, REPORT_ROOTS, reportMap } from '../kernel/report-keys.ts';

// Zod-free on purpose: the web app's sync layer, in its first chunk, watches every open report with
// these, and must not pull zod into the first paint.

// Meta keys that record the plod's lifecycle and bookkeeping rather than what the crew entered.
const BOOKKEEPING: ReadonlySet<string> = new Set([
  META.schemaVersion,
  META.reportId,
  META.status,
  META.createdAt,
  META.completedAt,
  META.updatedAt,
  META.returnComment,
  META.reopenReason,
  META.statusSetBy,
  META.statusSetAt,
]);

// The change history records every mutation, a status change's too: it is never content itself.
const HISTORY_ROOT_NAMES: ReadonlySet<string> = new Set(Object.values(HISTORY_ROOTS));

// The type Yjs keys a transaction's changes by (and its roots by).
type AnyType = Parameters<Y.Transaction['changed']['get']>[0];

function rootOf(type: AnyType): AnyType {
  let root = type;
  while (root.parent !== null) root = root.parent;
  return root;
}

function rootName(doc: Y.Doc, root: AnyType): string | null {
  for (const [name, shared] of doc.share) if (shared === root) return name;
  return null;
}

/** The report's status as stored (active when missing or not a status), read without zod. */
export function reportStatusOf(doc: Y.Doc): ReportStatus {
  const value: unknown = reportMap(doc, 'meta').get(META.status);
  return REPORT_STATUSES.find((status) => status === value) ?? 'active';
}

/**
 * True when a transaction on a report document changed what the crew entered (details, notes,
 * crew, holes, runs, entries, sign-off), as opposed to only its status and bookkeeping. Phones use it
 * to notice edits that reach a completed plod from a crewmate who had not seen it completed.
 */
export function changesReportContent(doc: Y.Doc, transaction: Y.Transaction): boolean {
  for (const [type, keys] of transaction.changed) {
    const root = rootOf(type);
    const name = rootName(doc, root);
    if (name !== null && HISTORY_ROOT_NAMES.has(name)) continue;
    if (name !== REPORT_ROOTS.meta) return true;
    if (root !== type) return true;
    for (const key of keys) if (key === null || !BOOKKEEPING.has(key)) return true;
  }
  return false;
}
