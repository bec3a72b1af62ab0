import type { ReportStatus } from './shift-summary.ts';

/** Shown on report screens once the shift is completed or submitted. */
export const REPORT_READ_ONLY_MESSAGE =
  'This shift has been completed. Its report can no longer be changed on this device.';

/**
 * True when the report's screens must not offer edits: once Complete Shift & Save (completed) or
 * Submit (sent) has run, or the report was deleted. Only an active report is filled in.
 */
export function isReportReadOnly(status: ReportStatus): boolean {
  return status !== 'active';
}

/** True while Submit Shift Report may still run: an active or completed (not yet sent) report. */
export function canSubmitReport(status: ReportStatus): boolean {
  return status === 'active' || status === 'completed';
}
