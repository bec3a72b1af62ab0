import type { ReportsIndexRow } from '@plod/model';
import { Suspense } from 'react';
import { useKnownReportIds } from '../session/known-reports';
import { lazyOptional } from '../lib/lazyOptional';

// The card reads the last shift's whole plod, with every part's reader and zod: a phone with no
// last shift (a new one, just joined) never loads it.
const LastShiftCard = lazyOptional(() => import('./LastShiftCard'));

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

/** New Report's "Start from last shift", on a phone that has a last shift. */
export default function StartFromLastShift({ reports }: { reports: readonly ReportsIndexRow[] }) {
  const known = useKnownReportIds();
  const row = lastShiftRow(reports, known);
  return row ? (
    <Suspense fallback={null}>
      <LastShiftCard row={row} />
    </Suspense>
  ) : null;
}
