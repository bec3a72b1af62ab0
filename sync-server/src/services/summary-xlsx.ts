import { SUMMARY_COLUMNS } from '@plod/model/csv';
import type { PlodSummaryRow } from '@plod/model/csv';

/**
 * The one-row-per-plod summary as an XLSX workbook, made with exceljs: one sheet, a bold header
 * row kept in view, metres and hours as numbers (so a pivot table adds them), text as text.
 * exceljs is loaded on the first export only: the relay's heap does not carry it otherwise.
 */
export async function summaryXlsx(
  rows: readonly PlodSummaryRow[],
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Plod';
  const sheet = workbook.addWorksheet('Plods', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SUMMARY_COLUMNS.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 4),
    ...(column.numberFormat ? { style: { numFmt: column.numberFormat } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // A cell starting with "=" is text here: exceljs writes strings as strings, never formulas.
    sheet.addRow(SUMMARY_COLUMNS.map((column) => column.value(row)));
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: SUMMARY_COLUMNS.length },
  };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}
