/** A column of a report sheet table. */
export interface SheetColumn {
  header: string;
  numeric?: boolean;
}

/** A table of the report sheet (the report view, the print stylesheet and the PDF draw it). */
export interface SheetTable {
  title: string;
  columns: SheetColumn[];
  rows: string[][];
  /** A totals line under the rows (label first), or null. */
  totals: string | null;
  /** Said when there are no rows. */
  empty: string;
}

/** A column header, numeric columns marked. */
export type SheetHeader = string | readonly [string, 'numeric'];

/** A cell of text, or a dash when there is none. */
export const dash = (value: string | null | undefined): string =>
  value && value.trim() ? value : '—';

/** A code in words: "running-gear" -> "Running Gear". */
export const words = (code: string): string =>
  code
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** A sheet table; its totals line shows only under rows. */
export function sheetTable(
  title: string,
  headers: readonly SheetHeader[],
  rows: string[][],
  empty: string,
  totals: string | null = null,
): SheetTable {
  const columns = headers.map((h) =>
    typeof h === 'string' ? { header: h } : { header: h[0], numeric: true },
  );
  return { title, columns, rows, totals: rows.length > 0 ? totals : null, empty };
}
