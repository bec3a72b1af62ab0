import type * as Y from 'yjs';
import { z } from 'zod';
import { shiftTypeSchema } from '../shift/time-schemas.ts';
import { reportStatusSchema } from '../shift-summary/shift-summary.ts';
import { ROWS, type ReportCardFields, type ReportsIndexRow } from './rows.ts';
import { lenient } from '../docs/lenient.ts';

/**
 * The reports index: one read-only document, written only by the server's projector, with one row
 * per stored report. Devices sync it like any document, so the reports list shows every device's
 * reports live and offline without opening each report's document.
 */
export type { ReportsIndexRow } from './rows.ts';
export {
  REPORTS_INDEX_DOC_NAME,
  compareIndexRows,
  readReportsIndex,
  sortIndexRows,
  toIndexRow,
} from './rows.ts';

const text = lenient(z.string().nullable(), null);

/** One report as listed (SPEC 2 report card fields). Lenient: a bad field reads as empty, never throws. */
export const reportsIndexRowSchema = z.object({
  id: z.string().min(1),
  status: lenient(reportStatusSchema, 'active'),
  siteId: text,
  rigId: text,
  site: text,
  rig: text,
  date: text,
  shiftType: lenient(shiftTypeSchema.nullable(), null),
  operator: text,
  metres: lenient(z.number(), 0),
  hours: lenient(z.number(), 0),
  createdAt: text,
  updatedAt: text,
});

// The schema and rows.ts's zod-free reader must describe the same row; this fails to compile if not.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesRow: Same<z.infer<typeof reportsIndexRowSchema>, ReportsIndexRow> = true;
void schemaMatchesRow;

function rowsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(ROWS);
}

/**
 * The index row of a report list item (the summary the server projects, report-doc/summary.ts): its
 * card fields, id and metres.
 */
export function indexRowFromListItem(
  item: ReportCardFields & { id: string; metresDrilled: number },
): ReportsIndexRow {
  return {
    id: item.id,
    status: item.status,
    siteId: item.siteId,
    rigId: item.rigId,
    site: item.site,
    rig: item.rig,
    date: item.date,
    shiftType: item.shiftType,
    operator: item.operator,
    metres: item.metresDrilled,
    hours: item.hours,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

function sameRow(stored: unknown, row: ReportsIndexRow): boolean {
  return JSON.stringify(stored) === JSON.stringify(row);
}

/** Sets rows (server only), skipping unchanged ones so the document grows only with real changes. */
export function setReportsIndexRows(doc: Y.Doc, rows: readonly ReportsIndexRow[]): number {
  const map = rowsMap(doc);
  let changed = 0;
  doc.transact(() => {
    for (const row of rows) {
      const checked = reportsIndexRowSchema.parse(row);
      if (sameRow(map.get(checked.id), checked)) continue;
      map.set(checked.id, checked);
      changed += 1;
    }
  });
  return changed;
}

/** Removes rows (server only: a report cleaned up or gone from the store). */
export function deleteReportsIndexRows(doc: Y.Doc, ids: readonly string[]): number {
  const map = rowsMap(doc);
  let removed = 0;
  doc.transact(() => {
    for (const id of ids) {
      if (!map.has(id)) continue;
      map.delete(id);
      removed += 1;
    }
  });
  return removed;
}

/** Makes the index hold exactly `rows` (after a projection rebuild), changing only what differs. */
export function replaceReportsIndex(doc: Y.Doc, rows: readonly ReportsIndexRow[]): void {
  const keep = new Set(rows.map((row) => row.id));
  doc.transact(() => {
    deleteReportsIndexRows(
      doc,
      [...rowsMap(doc).keys()].filter((id) => !keep.has(id)),
    );
    setReportsIndexRows(doc, rows);
  });
}
