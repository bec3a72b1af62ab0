/**
 * Download filenames for the CSV export (SPEC section 3, "CSV output"): brand prefix, site, rig,
 * shift type, ISO day, `.csv`, joined with underscores. Pure: the caller passes any date it wants
 * used, so the web preview and the server agree on the name.
 */
import type { BundleShiftSummary } from '../bundle/bundle';

/** Brand prefix that starts every export filename. */
export const CSV_FILENAME_PREFIX = 'PLOD';

export const UNKNOWN_SITE = 'UnknownSite';
export const UNKNOWN_RIG = 'UnknownRig';
export const UNKNOWN_SHIFT = 'UnknownShift';
/**
 * Fallback for a report without a date. A fixed word rather than today's date: the name must not
 * depend on when or where it is computed, and a dateless report should look dateless.
 */
export const UNKNOWN_DATE = 'UnknownDate';

/** The summary fields the filename is built from (the CSV editor passes its working copy). */
export type CsvFilenameSource = Pick<BundleShiftSummary, 'site' | 'rig' | 'shiftType' | 'date'>;

// Any character outside ASCII letters and digits becomes one underscore (no collapsing), which
// keeps names safe on every file system and in Content-Disposition headers.
function filenamePart(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed.replace(/[^A-Za-z0-9]/g, '_');
}

function isoDayPart(value: string | null | undefined): string {
  // Accept an ISO day or a full ISO timestamp; anything else is not a date we can name a file by.
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value?.trim() ?? '');
  return match?.[1] ?? UNKNOWN_DATE;
}

function shiftTypePart(value: string | null | undefined): string {
  return value === 'day' || value === 'night' ? value : UNKNOWN_SHIFT;
}

/** Builds `PLOD_<site>_<rig>_<day|night>_<YYYY-MM-DD>.csv` for one report, with fallbacks. */
export function csvFilename(summary: CsvFilenameSource): string {
  const parts = [
    CSV_FILENAME_PREFIX,
    filenamePart(summary.site, UNKNOWN_SITE),
    filenamePart(summary.rig, UNKNOWN_RIG),
    shiftTypePart(summary.shiftType),
    isoDayPart(summary.date),
  ];
  return `${parts.join('_')}.csv`;
}

/** Builds `PLOD_<site>_Reports_<YYYY-MM-DD>.csv` for a site's multi-report export. */
export function siteExportFilename(siteName: string | null | undefined, isoDay: string): string {
  const parts = [
    CSV_FILENAME_PREFIX,
    filenamePart(siteName, UNKNOWN_SITE),
    'Reports',
    isoDayPart(isoDay),
  ];
  return `${parts.join('_')}.csv`;
}
