import type { CsvCell } from '../csv-cells/cells.ts';
import { booleanCell, fixedCell, plainNumberCell, textCell } from '../csv-cells/cells.ts';
import type { CsvColumn } from '../csv-cells/columns.ts';
import { hoursCell, moneyCell } from '../csv-cells/columns.ts';

/**
 * The CSV column of one field of a bundle row, headed by the field's name unless `header` says
 * otherwise. It fits any row whose `key` holds what `cell` formats.
 */
export function fieldColumn<K extends string, V>(
  key: K,
  cell: (value: V) => CsvCell,
  header: string = key,
): CsvColumn<Record<K, V>> {
  return { header, cell: (row) => cell(row[key]) };
}

/** A text field (N/A when empty). */
export const textColumn = <K extends string>(key: K, header?: string) =>
  fieldColumn(key, textCell, header);

/** A whole number, as written. */
export const numberColumn = <K extends string>(key: K, header?: string) =>
  fieldColumn(key, plainNumberCell, header);

/** Hours, two decimals. */
export const hoursColumn = <K extends string>(key: K, header?: string) =>
  fieldColumn(key, hoursCell, header);

/** Money, two decimals. */
export const moneyColumn = <K extends string>(key: K, header?: string) =>
  fieldColumn(key, moneyCell, header);

/** A flag, Yes or No. */
export const booleanColumn = <K extends string>(key: K, header?: string) =>
  fieldColumn(key, booleanCell, header);

/** A number with a fixed count of decimals. */
export const fixedColumn = <K extends string>(key: K, decimals: number, header?: string) =>
  fieldColumn(key, (value: number | null | undefined) => fixedCell(value, decimals), header);
