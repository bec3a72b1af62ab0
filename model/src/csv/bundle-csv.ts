/**
 * The shift report CSV (SPEC section 3, "CSV output"). Pure string building with no clock, locale or
 * platform input, so the CSV editor's preview and the server's export are byte-identical for the
 * same bundle.
 *
 * Layout: each section is a title line, a header row and its data rows; sections are separated by
 * one blank line. Every record, the last included, ends with CRLF. No byte-order mark is written:
 * a download that wants one must add it on every path (web and server) to stay byte-identical.
 */
import type { ShiftReportBundle } from '../bundle/bundle';
import { CSV_LINE_END, csvRecord } from '../csv-cells/cells.ts';
import type { CsvTable } from '../part-kit/define-part.ts';
import { PLOD_PARTS } from '../parts/registry';
import {
  CREW_ASSIGNMENT_COLUMNS,
  RUN_SHEET_COLUMNS,
  SHIFT_SUMMARY_FIELDS,
  SURVEY_COLUMNS,
  TIMESHEET_COLUMNS,
} from '../csv-cells/columns.ts';
import type { CsvColumn } from '../csv-cells/columns.ts';

/** Section titles in the order SPEC lists them. */
export const CSV_SECTION_TITLES = [
  'SHIFT SUMMARY',
  'CREW ASSIGNMENTS',
  'RUN SHEET ENTRIES',
  'SURVEY ENTRIES',
  'TIMESHEET ENTRIES',
  ...PLOD_PARTS.map((part) => part.csvSection),
] as const;

export type CsvSectionTitle = (typeof CSV_SECTION_TITLES)[number];

/** First cell of the line that opens each report in a multi-report export. */
export const REPORT_MARKER = 'REPORT';

interface Section {
  title: CsvSectionTitle;
  /** Header row followed by data rows, each already formatted as one record. */
  records: string[];
}

function tableSection<Row>(
  title: CsvSectionTitle,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
): Section | null {
  return cellsSection(title, {
    header: columns.map((column) => column.header),
    rows: rows.map((row) => columns.map((column) => column.cell(row))),
  });
}

function cellsSection(title: CsvSectionTitle, table: CsvTable): Section | null {
  // SPEC: a section appears only when it has rows.
  if (table.rows.length === 0) return null;
  return { title, records: [csvRecord(table.header), ...table.rows.map(csvRecord)] };
}

function shiftSummarySection(bundle: ShiftReportBundle): Section {
  const summary = bundle.shiftSummary;
  const rows = SHIFT_SUMMARY_FIELDS.map((field) => csvRecord([field.header, field.cell(summary)]));
  return { title: 'SHIFT SUMMARY', records: [csvRecord(['Field', 'Value']), ...rows] };
}

function sectionsOf(bundle: ShiftReportBundle): Section[] {
  const tables = [
    tableSection('CREW ASSIGNMENTS', CREW_ASSIGNMENT_COLUMNS, bundle.crewAssignments),
    tableSection('RUN SHEET ENTRIES', RUN_SHEET_COLUMNS, bundle.runSheetEntries),
    tableSection('SURVEY ENTRIES', SURVEY_COLUMNS, bundle.surveyEntries),
    tableSection('TIMESHEET ENTRIES', TIMESHEET_COLUMNS, bundle.timesheetEntries),
    ...PLOD_PARTS.map((part) => cellsSection(part.csvSection, part.csvTable(bundle))),
  ];
  return [shiftSummarySection(bundle), ...tables.filter((s): s is Section => s !== null)];
}

function linesToText(lines: readonly string[]): string {
  return lines.map((line) => line + CSV_LINE_END).join('');
}

function bundleLines(bundle: ShiftReportBundle): string[] {
  const lines: string[] = [];
  sectionsOf(bundle).forEach((section, index) => {
    if (index > 0) lines.push('');
    lines.push(csvRecord([section.title]), ...section.records);
  });
  return lines;
}

/** Renders one shift report as CSV text (CRLF line endings), sections in SPEC order. */
export function bundleToCsv(bundle: ShiftReportBundle): string {
  return linesToText(bundleLines(bundle));
}

/**
 * Renders several reports (a site export) as one CSV text: each report opens with a line
 * `REPORT,<n> of <total>` and reports are separated by a blank line; an empty list gives ''.
 */
export function reportsToCsv(bundles: readonly ShiftReportBundle[]): string {
  const lines: string[] = [];
  bundles.forEach((bundle, index) => {
    if (index > 0) lines.push('');
    lines.push(csvRecord([REPORT_MARKER, `${index + 1} of ${bundles.length}`]));
    lines.push(...bundleLines(bundle));
  });
  return linesToText(lines);
}
