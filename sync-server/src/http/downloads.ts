import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { CsvFile, StreamedFile } from '../services/reports.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type DownloadFormat = 'csv' | 'xlsx';

/** The OpenAPI answer of a CSV or XLSX download route: the file, as binary. */
export function downloadResponse(format: DownloadFormat) {
  return {
    description: `${format.toUpperCase()} download`,
    content: {
      [format === 'csv' ? 'text/csv' : XLSX_TYPE]: {
        schema: z.string().openapi({ format: 'binary' }),
      },
    },
  };
}

/** A CSV download with the SPEC filename. */
export function attachment(c: Context, file: CsvFile): Response {
  return c.body(file.text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  });
}

/** A download streamed as it is made (the summary CSV and XLSX). */
export function streamedAttachment(c: Context, file: StreamedFile, type: string): Response {
  return c.body(file.stream, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  });
}

/** A streamed CSV or XLSX download, typed by its format. */
export function streamedDownload(c: Context, file: StreamedFile, format: DownloadFormat): Response {
  return streamedAttachment(c, file, format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
}
