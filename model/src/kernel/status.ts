// Zod-free on purpose: the reports list (the web app's first screen) groups by status and must not
// pull zod into its bundle. shift-summary.ts re-exports these next to the schemas.

/**
 * A plod's lifecycle: active -> completed (the crew may reopen it) -> sent (submitted) -> approved
 * (locked) or returned with a comment (back to the crew, who fix it and submit again). Any plod but
 * an approved one may be deleted; a supervisor may restore a deleted plod until cleanup removes it.
 */
export const REPORT_STATUSES = [
  'active',
  'completed',
  'sent',
  'approved',
  'returned',
  'deleted',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A status as people read it (the report sheet, the summary CSV, the client's review). */
export const STATUS_WORDS: Readonly<Record<ReportStatus, string>> = {
  active: 'Active',
  completed: 'Completed',
  sent: 'Sent',
  approved: 'Approved',
  returned: 'Returned',
  deleted: 'Deleted',
};

/** The reports-list tab a status belongs to: completed and returned plods are the crew's to act on. */
export function reportTab(status: ReportStatus): 'active' | 'sent' | 'deleted' {
  switch (status) {
    case 'active':
    case 'completed':
    case 'returned':
      return 'active';
    case 'sent':
    case 'approved':
      return 'sent';
    case 'deleted':
      return 'deleted';
  }
}

/**
 * True once the plod is with management (submitted or approved): a crew device's edits to it are
 * kept aside for a supervisor instead of applied.
 */
export function isSubmittedStatus(status: ReportStatus): boolean {
  return status === 'sent' || status === 'approved';
}
