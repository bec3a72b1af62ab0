/**
 * Cell formatting for the CSV export. Every cell is built by one of these functions, so the rules
 * (N/A and 0 for missing values, Yes/No, fixed decimals, formula neutralising, RFC 4180 quoting)
 * live in one place. All functions are pure: the web preview and the server export must produce
 * byte-identical text for the same bundle.
 */

import { stripBidiControls } from '../format/bidi.ts';

/** A formatted cell that is already neutralised; only quoting is left to do. */
export type CsvCell = string;

/** Record separator: RFC 4180 asks for CRLF. */
export const CSV_LINE_END = '\r\n';

/** What a missing (null, empty or blank) text value prints as. */
export const MISSING_TEXT = 'N/A';

// Characters that make Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP list).
// A tab or CR can precede a formula character and still trigger evaluation in some spreadsheets.
// The full-width forms (＝＋－＠) count too: spreadsheets with East Asian input read them as the
// ASCII ones.
const FORMULA_TRIGGERS = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);

/** Prefixes an apostrophe to text a spreadsheet would otherwise evaluate as a formula. */
export function neutraliseFormula(text: string): string {
  const first = text.charAt(0);
  return FORMULA_TRIGGERS.has(first) ? `'${text}` : text;
}

/**
 * Formats a text value: N/A when missing, else the text without bidirectional controls (they could
 * hide a formula trigger or turn text around) and with formula triggers neutralised.
 */
export function textCell(value: string | null | undefined): CsvCell {
  const text = value === null || value === undefined ? '' : stripBidiControls(value);
  // An empty or blank value carries no information, so it prints like a missing one.
  if (text.trim() === '') return MISSING_TEXT;
  return neutraliseFormula(text);
}

/** Formats a boolean as Yes or No. */
export function booleanCell(value: boolean | null | undefined): CsvCell {
  // A missing flag was never set, which for every flag in the bundle means "no".
  return value === true ? 'Yes' : 'No';
}

/** Formats a number with a fixed count of decimals (half away from zero); missing prints 0. */
export function fixedCell(value: number | null | undefined, decimals: number): CsvCell {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return (0).toFixed(decimals);
  }
  const rounded = roundHalfAwayFromZero(value, decimals);
  // Normalise -0 so a tiny negative never prints as "-0.0".
  return (rounded === 0 ? 0 : rounded).toFixed(decimals);
}

/** Formats a whole-number value (counts, degrees, nT) as written; missing prints 0. */
export function plainNumberCell(value: number | null | undefined): CsvCell {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  return value === 0 ? '0' : String(value);
}

/** Quotes a cell when it holds a comma, a double quote or a line break, doubling inner quotes. */
export function quoteCell(cell: CsvCell): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Joins cells into one CSV record, without the line ending. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return cells.map(quoteCell).join(',');
}

// toFixed rounds the binary value, so 2.675 would print 2.67; shifting through the decimal string
// form rounds the number as people wrote it (money must round like a calculator does).
function roundHalfAwayFromZero(value: number, decimals: number): number {
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  if (text.includes('e')) return value; // Too large or too small for the shift; toFixed copes.
  const shifted = Math.round(Number(`${text}e${decimals}`));
  const result = Number(`${shifted}e-${decimals}`);
  return value < 0 ? -result : result;
}
