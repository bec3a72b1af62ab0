import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Workbook, Worksheet } from 'exceljs';
import { PEOPLE_HOURS_COLUMNS, PERSON_TOTALS_COLUMNS, SUMMARY_COLUMNS } from '@plod/model/csv';
import { personTotals, summaryCsvHeader, summaryCsvLine } from '@plod/model/csv';
import type { PeopleHoursRow, PlodSummaryRow, TableColumn } from '@plod/model/csv';

/** Pages of summary rows, newest first, read from the projection as they are written out. */
export type SummaryPages = AsyncGenerator<PlodSummaryRow[], void, undefined>;

/** Pages read as a download is written: closed when the download is cancelled. */
export interface Closable {
  return(value: undefined): Promise<unknown>;
}

/** A readable byte stream over a Node stream, read as the response is sent (its pace, no faster). */
function webStream(source: PassThrough, pages?: Closable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = (await chunks.next()) as IteratorResult<Buffer>;
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
    async cancel() {
      source.destroy();
      await pages?.return(undefined);
    },
  });
}

/**
 * The one-row-per-plod summary as CSV, streamed: the header, then one page of the projection at a
 * time, read only when the client has taken the last (the stream's pull).
 */
export function summaryCsvStream(pages: SummaryPages): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(summaryCsvHeader()));
        return;
      }
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(summaryCsvLine).join('')));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/**
 * The one-row-per-plod summary as an XLSX workbook, made with exceljs's streaming writer
 * (WorkbookWriter): one sheet, a bold header row kept in view, metres and hours as numbers (so a
 * pivot table adds them), text as text. Rows are committed as each page of the projection is read
 * and the zipped bytes go out as they are made; the next page is read once the response has taken
 * what is waiting, so memory holds a page, not the export. exceljs is loaded on the first export
 * only: the relay's heap does not carry it otherwise.
 */
export async function summaryXlsxStream(pages: SummaryPages): Promise<ReadableStream<Uint8Array>> {
  return xlsxStream(async (workbook, out) => {
    const sheet = addTableSheet(workbook, 'Plods', SUMMARY_COLUMNS);
    for await (const page of pages) {
      for (const row of page) {
        // A cell starting with "=" is text here: exceljs writes strings as strings, never formulas.
        sheet.addRow(SUMMARY_COLUMNS.map((column) => column.value(row))).commit();
      }
      await pageWritten(sheet, out);
    }
    sheet.commit();
  }, pages);
}

/**
 * People's hours for a pay period as an XLSX workbook: a "People hours" sheet (one row per person
 * per shift) and a "Totals" sheet (one row per person), laid out like the summary's.
 */
export async function peopleHoursXlsxStream(
  rows: readonly PeopleHoursRow[],
): Promise<ReadableStream<Uint8Array>> {
  return xlsxStream(async (workbook, out) => {
    await writeTable(workbook, out, 'People hours', PEOPLE_HOURS_COLUMNS, rows);
    await writeTable(workbook, out, 'Totals', PERSON_TOTALS_COLUMNS, personTotals(rows));
  });
}

/** Writes a sheet's rows, waiting whenever the response has not taken what is waiting. */
async function writeTable<Row>(
  workbook: Workbook,
  out: PassThrough,
  name: string,
  columns: readonly TableColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  const sheet = addTableSheet(workbook, name, columns);
  for (const row of rows) {
    sheet.addRow(columns.map((column) => column.value(row))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
}

/** A stream that says when its queue has emptied (Node's and readable-stream's alike). */
interface Queue {
  _writableState?: { needDrain?: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

function isQueue(value: unknown): value is Queue {
  return typeof value === 'object' && value !== null && 'once' in value;
}

/**
 * Waits until the zip has taken what a page of rows wrote. exceljs's sheet stream hands its XML to
 * the zip's entry stream without waiting for it, and the pages are read from SQLite synchronously:
 * without a turn of the event loop between pages, deflate never runs and the whole sheet's XML
 * queues in memory until the end. So each page gives the loop a turn, then waits while the entry
 * stream's queue is over its mark.
 */
export async function pageWritten(sheet: Worksheet, out: PassThrough): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const stream: unknown = Reflect.get(sheet, 'stream');
  const pipes: unknown =
    typeof stream === 'object' && stream !== null ? Reflect.get(stream, 'pipes') : undefined;
  const queue: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  if (isQueue(queue) && queue._writableState?.needDrain) {
    await new Promise<void>((resolve) => queue.once('drain', resolve));
  }
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** A sheet with a bold header row kept in view and a filter, numbers formatted as numbers. */
export function addTableSheet<Row>(
  workbook: Workbook,
  name: string,
  columns: readonly TableColumn<Row>[],
): Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 4),
    ...(column.numberFormat ? { style: { numFmt: column.numberFormat } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return sheet;
}

/**
 * A workbook made with exceljs's streaming writer (WorkbookWriter), its zipped bytes going out as
 * they are made. exceljs is loaded on the first export only: the relay's heap does not carry it
 * otherwise.
 */
export async function xlsxStream(
  fill: (workbook: Workbook, out: PassThrough) => Promise<void>,
  pages?: Closable,
): Promise<ReadableStream<Uint8Array>> {
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'Plod';
  const write = async () => {
    await fill(workbook, out);
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return webStream(out, pages);
}
