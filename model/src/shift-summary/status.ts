// Zod-free on purpose: the reports list (the web app's first screen) groups by status and must not
// pull zod into its bundle. shift-summary.ts re-exports these next to the schemas.

export const REPORT_STATUSES = ['active', 'completed', 'sent', 'deleted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The reports-list tab a status belongs to (completed reports show under Active until sent). */
export function reportTab(status: ReportStatus): 'active' | 'sent' | 'deleted' {
  return status === 'completed' ? 'active' : status;
}
