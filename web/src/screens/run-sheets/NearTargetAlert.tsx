import { Alert } from '@mantine/core';
import { DEPTH_WARNING_METRES, formatDepth, type ReportHole } from '@plod/model';

/**
 * The near-target warning where the driller works (Run Sheets and Add New Run), as the dashboard
 * gives it: an active hole within 6 m of its target depth, with the metres still to drill.
 */
export function NearTargetAlert({ hole }: { hole: ReportHole }) {
  if (!hole.nearTarget) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Within ${DEPTH_WARNING_METRES} m of target depth`}
      data-testid="near-target"
    >
      {hole.holeId}: {formatDepth(hole.remaining)} m to go to {formatDepth(hole.targetDepth)} m.
    </Alert>
  );
}
