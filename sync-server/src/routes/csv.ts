import type { Context } from 'hono';
import type { CsvFile } from '../services/reports.ts';

/** A CSV download with the SPEC filename. */
export function attachment(c: Context, file: CsvFile): Response {
  return c.body(file.text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  });
}
