import type { ReportStatus } from '@plod/model';

/** How a plod's status shows on a badge: a colour and a word, the same on every screen. */
export const STATUS_LOOK: Record<ReportStatus, { color: string; label: string }> = {
  active: { color: 'blue', label: 'Active' },
  completed: { color: 'teal', label: 'Completed' },
  sent: { color: 'green', label: 'Sent' },
  approved: { color: 'green', label: 'Approved' },
  returned: { color: 'orange', label: 'Returned' },
  deleted: { color: 'gray', label: 'Deleted' },
};
