/**
 * The one-row-per-plod summary: a table a contractor pivots (metres and hours by site, rig,
 * driller, date), next to the SPEC's sectioned CSV. The same columns feed the CSV here and the
 * server's XLSX, so both files say the same thing.
 */
import type { ReportStatus } from '../kernel/status.ts';
import { STATUS_WORDS } from '../kernel/status.ts';
import { CSV_LINE_END, csvRecord, fixedCell, textCell } from '../csv-cells/cells.ts';
import { CSV_FILENAME_PREFIX } from './filename';

/** One plod in the summary. */
export interface PlodSummaryRow {
  /** Shift date, YYYY-MM-DD. */
  date: string | null;
  shiftType: 'day' | 'night' | null;
  site: string | null;
  rig: string | null;
  /** The operator: the primary driller, or the name typed over it. */
  driller: string | null;
  metres: number;
  hours: number;
  /** Labels of the holes worked in the shift. */
  holes: readonly string[];
  status: ReportStatus;
  /** Who approved it (a display name), for an approved plod. */
  approvedBy: string | null;
}

/** A summary cell as the XLSX writes it: numbers stay numbers, so a pivot can add them. */
export type SummaryValue = string | number | null;

/** A column of a table written both as CSV and as an XLSX sheet (the summary, people's hours). */
export interface TableColumn<Row> {
  header: string;
  value: (row: Row) => SummaryValue;
  /** How the CSV prints it. */
  cell: (row: Row) => string;
  /** Spreadsheet number format for numeric columns. */
  numberFormat?: string;
}

export const SHIFT_LABEL = { day: 'Day', night: 'Night' } as const;

const holesText = (row: PlodSummaryRow) => (row.holes.length > 0 ? row.holes.join(', ') : null);

/** The columns, in order: date, shift, site, rig, driller, metres, hours, holes, status, approved by. */
export const SUMMARY_COLUMNS: readonly TableColumn<PlodSummaryRow>[] = [
  { header: 'Date', value: (r) => r.date, cell: (r) => textCell(r.date) },
  {
    header: 'Shift',
    value: (r) => (r.shiftType ? SHIFT_LABEL[r.shiftType] : null),
    cell: (r) => textCell(r.shiftType ? SHIFT_LABEL[r.shiftType] : null),
  },
  { header: 'Site', value: (r) => r.site, cell: (r) => textCell(r.site) },
  { header: 'Rig', value: (r) => r.rig, cell: (r) => textCell(r.rig) },
  { header: 'Driller', value: (r) => r.driller, cell: (r) => textCell(r.driller) },
  {
    header: 'Metres',
    value: (r) => r.metres,
    cell: (r) => fixedCell(r.metres, 1),
    numberFormat: '0.0',
  },
  {
    header: 'Hours',
    value: (r) => r.hours,
    cell: (r) => fixedCell(r.hours, 2),
    numberFormat: '0.00',
  },
  { header: 'Holes', value: holesText, cell: (r) => textCell(holesText(r)) },
  {
    header: 'Status',
    value: (r) => STATUS_WORDS[r.status],
    cell: (r) => textCell(STATUS_WORDS[r.status]),
  },
  { header: 'Approved by', value: (r) => r.approvedBy, cell: (r) => textCell(r.approvedBy) },
];

/** The summary as CSV: a header row and one row per plod, CRLF, formula triggers neutralised. */
export function summaryToCsv(rows: readonly PlodSummaryRow[]): string {
  return summaryCsvHeader() + rows.map(summaryCsvLine).join('');
}

/** The summary CSV's header line (with its line end): a file streamed line by line starts with it. */
export function summaryCsvHeader(): string {
  return tableCsvHeader(SUMMARY_COLUMNS);
}

/** One plod's line of the summary CSV (with its line end). */
export function summaryCsvLine(row: PlodSummaryRow): string {
  return tableCsvLine(SUMMARY_COLUMNS, row);
}

/** A table's CSV header line (with its line end). */
export function tableCsvHeader<Row>(columns: readonly TableColumn<Row>[]): string {
  return csvRecord(columns.map((column) => column.header)) + CSV_LINE_END;
}

/** One row's CSV line of a table (with its line end). */
export function tableCsvLine<Row>(columns: readonly TableColumn<Row>[], row: Row): string {
  return csvRecord(columns.map((column) => column.cell(row))) + CSV_LINE_END;
}

/** `PLOD_Summary_<YYYY-MM-DD>.csv` (or .xlsx), named for the day it was made. */
export function summaryFilename(isoDay: string, extension: 'csv' | 'xlsx'): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? isoDay : 'UnknownDate';
  return `${CSV_FILENAME_PREFIX}_Summary_${day}.${extension}`;
}
