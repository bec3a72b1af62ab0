import type { Context } from 'hono';
import type { BinaryFile, CsvFile } from '../services/reports.ts';

/** A CSV download with the SPEC filename. */
export function attachment(c: Context, file: CsvFile): Response {
  return c.body(file.text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  });
}

/** An XLSX download. */
export function xlsxAttachment(c: Context, file: BinaryFile): Response {
  return c.body(file.bytes, 200, {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  });
}
