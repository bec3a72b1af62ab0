import type { ReportId } from '../ids/ids.ts';
import { isUuid } from '../ids/ids.ts';

/**
 * Document names. One document per shift report, plus reference data split by who may write it:
 * the setup document (sites, rigs, crew members, hire-tool library, site settings) is supervisor-only;
 * the hole register may also be written by crews.
 */
export const REPORT_DOC_PREFIX = 'report:';
export const SETUP_DOC_NAME = 'setup';
export const HOLES_DOC_NAME = 'holes';

export type DocKind = 'report' | 'setup' | 'holes' | 'unknown';

export type ClassifiedDocName =
  | { kind: 'report'; reportId: ReportId }
  | { kind: 'setup' }
  | { kind: 'holes' }
  | { kind: 'unknown' };

/** The document name of a report: 'report:' + id. */
export function reportDocName(id: ReportId): string {
  return REPORT_DOC_PREFIX + id;
}

/** What a document name refers to; the server's access rules switch on it. */
export function classifyDocName(name: string): ClassifiedDocName {
  if (name === SETUP_DOC_NAME) return { kind: 'setup' };
  if (name === HOLES_DOC_NAME) return { kind: 'holes' };
  if (name.startsWith(REPORT_DOC_PREFIX)) {
    const id = name.slice(REPORT_DOC_PREFIX.length);
    // Only canonical lower-case ids, so one report never has two document names.
    if (isUuid(id) && id === id.toLowerCase()) return { kind: 'report', reportId: id as ReportId };
  }
  return { kind: 'unknown' };
}

/** True for a report document's name (the documents that keep a change history). */
export function isReportDocName(name: string): boolean {
  return classifyDocName(name).kind === 'report';
}
