import type { ReportsIndexRow } from '@plod/model';

/**
 * This phone's last shift: the newest plod it made or opened (not deleted) whose site is set. The
 * reports list holds every crew's plods; another rig's newest is not this crew's last shift.
 */
export function lastShiftRow(
  reports: readonly ReportsIndexRow[],
  known: readonly string[],
): ReportsIndexRow | null {
  return (
    reports.find((r) => r.status !== 'deleted' && r.site !== null && known.includes(r.id)) ?? null
  );
}
