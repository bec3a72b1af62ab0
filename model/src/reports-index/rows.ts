import type * as Y from 'yjs';
import { SHIFT_TYPES, type ShiftType } from '../shift/shift-type.ts';
import { REPORT_STATUSES, type ReportStatus } from '../kernel/status.ts';

// Zod-free on purpose: reading the index is the reports list's hot path (the web app's first
// screen), and zod is most of that bundle otherwise. reports-index.ts holds the schema the server
// checks rows with when it writes them; its tests hold both to the same reading.

export const REPORTS_INDEX_DOC_NAME = 'reports-index';

export const ROWS = 'rows';

/** What a report card shows of a plod (SPEC 2), besides its id and metres. */
export interface ReportCardFields {
  status: ReportStatus;
  /** The site and rig chosen (ids, for filters) and their names as listed. */
  siteId: string | null;
  rigId: string | null;
  site: string | null;
  rig: string | null;
  date: string | null;
  shiftType: ShiftType | null;
  operator: string | null;
  hours: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** One report as listed (SPEC 2 report card fields). */
export interface ReportsIndexRow extends ReportCardFields {
  id: string;
  metres: number;
}

const sortKey = (r: ReportsIndexRow) => `${r.date ?? ''}|${r.createdAt ?? ''}|${r.id}`;
// What String#localeCompare uses, made once.
const collator = new Intl.Collator();

/** Newest first: shift date, then creation time, then id (the REST list's order). */
export function compareIndexRows(a: ReportsIndexRow, b: ReportsIndexRow): number {
  return collator.compare(sortKey(b), sortKey(a));
}

/**
 * Rows in compareIndexRows' order, each row's key made once (compareIndexRows makes two per
 * comparison): thousands of rows sort in a few milliseconds.
 */
export function sortIndexRows(rows: readonly ReportsIndexRow[]): ReportsIndexRow[] {
  return rows
    .map((row) => ({ key: sortKey(row), row }))
    .sort((a, b) => collator.compare(b.key, a.key))
    .map(({ row }) => row);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  (options as readonly unknown[]).includes(value);

/** A stored row, read leniently (a bad field reads as empty, never throws); null without an id. */
export function toIndexRow(value: unknown): ReportsIndexRow | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const row = value as Record<string, unknown>;
  if (typeof row.id !== 'string' || row.id.length === 0) return null;
  return {
    id: row.id,
    status: isOneOf(REPORT_STATUSES, row.status) ? row.status : 'active',
    // Rows written before the index carried ids read as unknown until the server rewrites them.
    siteId: text(row.siteId),
    rigId: text(row.rigId),
    site: text(row.site),
    rig: text(row.rig),
    date: text(row.date),
    shiftType: isOneOf(SHIFT_TYPES, row.shiftType) ? row.shiftType : null,
    operator: text(row.operator),
    metres: count(row.metres),
    hours: count(row.hours),
    createdAt: text(row.createdAt),
    updatedAt: text(row.updatedAt),
  };
}

/** Every row of the index, checked, newest first; rows without an id (or under another key) are left out. */
export function readReportsIndex(doc: Y.Doc): ReportsIndexRow[] {
  const rows: ReportsIndexRow[] = [];
  doc.getMap<unknown>(ROWS).forEach((value, id) => {
    const row = toIndexRow(value);
    if (row && row.id === id) rows.push(row);
  });
  return sortIndexRows(rows);
}
