import { STATUS_WORDS, type ReportStatus } from '@plod/model';

/** A status's badge colour, the same on every screen. */
export const STATUS_COLOR: Readonly<Record<ReportStatus, string>> = {
  active: 'blue',
  completed: 'teal',
  sent: 'green',
  approved: 'green',
  returned: 'orange',
  deleted: 'gray',
};

/** How a plod's status shows on a badge: its colour and its word. */
export const statusLook = (status: ReportStatus) => ({
  color: STATUS_COLOR[status],
  label: STATUS_WORDS[status],
});
