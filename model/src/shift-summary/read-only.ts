import type { ReportStatus } from './shift-summary.ts';

/** Shown on report screens once the shift is completed or submitted. */
export const REPORT_READ_ONLY_MESSAGE =
  'This shift has been completed. Its report can no longer be changed on this device.';

/**
 * True when a crew phone's report screens must not offer edits: once Complete Shift & Save
 * (completed, until the crew reopens it), Submit (sent), approval, or delete has run. An active
 * plod, and one returned to the crew for a fix, are filled in.
 */
export function isReportReadOnly(status: ReportStatus): boolean {
  return status !== 'active' && status !== 'returned';
}

/** True while Submit Shift Report may run: an active, completed or returned (not yet sent) plod. */
export function canSubmitReport(status: ReportStatus): boolean {
  return status === 'active' || status === 'completed' || status === 'returned';
}
