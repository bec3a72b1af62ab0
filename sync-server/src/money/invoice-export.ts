import { once } from 'node:events';
import {
  INVOICE_LINE_COLUMNS,
  INVOICE_SECTION_TITLES,
  PLOD_CHARGE_COLUMNS,
  RIG_CHARGE_COLUMNS,
  RigTotals,
  invoicePlod,
  tableCsvHeader,
  tableCsvLine,
} from '@plod/model/csv';
import type { InvoiceLineRow, PlodChargeRow } from '@plod/model/csv';
import { CSV_LINE_END } from '@plod/model/csv';
import { addTableSheet, pageWritten, xlsxStream } from '../services/summary-xlsx.ts';
import type { PricedPlod } from './contracts.ts';

export type PricedPages = AsyncGenerator<PricedPlod[], void>;

function rowsOf({ bundle, charges }: PricedPlod) {
  const plod = invoicePlod(bundle, charges);
  const lines: InvoiceLineRow[] = charges.lines.map((line) => ({ ...plod, line }));
  const total: PlodChargeRow = {
    ...plod,
    lines: charges.lines.length,
    totalCents: charges.totalCents,
  };
  return { lines, total };
}

/**
 * Invoice lines as CSV, streamed: a CHARGE LINES section written a page of plods at a time, then
 * TOTALS PER PLOD and TOTALS PER RIG (the per-plod rows are small and kept until the end; the
 * plods themselves are not).
 */
export function invoiceCsvStream(pages: PricedPages): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const totals: PlodChargeRow[] = [];
  const rigs = new RigTotals();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            INVOICE_SECTION_TITLES.lines + CSV_LINE_END + tableCsvHeader(INVOICE_LINE_COLUMNS),
          ),
        );
        return;
      }
      const next = await pages.next();
      if (next.done) {
        const plods = totals.map((row) => tableCsvLine(PLOD_CHARGE_COLUMNS, row)).join('');
        const rigRows = rigs
          .rows()
          .map((row) => tableCsvLine(RIG_CHARGE_COLUMNS, row))
          .join('');
        controller.enqueue(
          encoder.encode(
            CSV_LINE_END +
              INVOICE_SECTION_TITLES.plods +
              CSV_LINE_END +
              tableCsvHeader(PLOD_CHARGE_COLUMNS) +
              plods +
              CSV_LINE_END +
              INVOICE_SECTION_TITLES.rigs +
              CSV_LINE_END +
              tableCsvHeader(RIG_CHARGE_COLUMNS) +
              rigRows,
          ),
        );
        controller.close();
        return;
      }
      let text = '';
      for (const priced of next.value) {
        const { lines, total } = rowsOf(priced);
        totals.push(total);
        rigs.add(total, total.totalCents);
        text += lines.map((row) => tableCsvLine(INVOICE_LINE_COLUMNS, row)).join('');
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/**
 * Invoice lines as an XLSX workbook made with exceljs's streaming writer: a "Charge lines" sheet
 * (one row per charge line, committed as each page of plods is priced), then "Per plod" and
 * "Per rig" sheets of totals. Money cells are numbers in dollars with cents.
 */
export async function invoiceXlsxStream(pages: PricedPages): Promise<ReadableStream<Uint8Array>> {
  return xlsxStream(async (workbook, out) => {
    const totals: PlodChargeRow[] = [];
    const rigs = new RigTotals();
    const sheet = addTableSheet(workbook, 'Charge lines', INVOICE_LINE_COLUMNS);
    for await (const page of pages) {
      for (const priced of page) {
        const { lines, total } = rowsOf(priced);
        totals.push(total);
        rigs.add(total, total.totalCents);
        for (const row of lines) {
          sheet.addRow(INVOICE_LINE_COLUMNS.map((column) => column.value(row))).commit();
        }
      }
      await pageWritten(sheet, out);
    }
    sheet.commit();
    const plodSheet = addTableSheet(workbook, 'Per plod', PLOD_CHARGE_COLUMNS);
    for (const row of totals) {
      plodSheet.addRow(PLOD_CHARGE_COLUMNS.map((column) => column.value(row))).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    plodSheet.commit();
    const rigSheet = addTableSheet(workbook, 'Per rig', RIG_CHARGE_COLUMNS);
    for (const row of rigs.rows()) {
      rigSheet.addRow(RIG_CHARGE_COLUMNS.map((column) => column.value(row))).commit();
    }
    rigSheet.commit();
  }, pages);
}
