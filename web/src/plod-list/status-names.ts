import type { ReportStatus } from '@plod/model';

/** A status as the lists and filters name it. */
export const STATUS_NAMES: Record<ReportStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  sent: 'Sent',
  approved: 'Approved',
  returned: 'Returned',
  deleted: 'Deleted',
};
