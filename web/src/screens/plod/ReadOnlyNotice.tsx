import { Alert } from '@mantine/core';
import { REPORT_READ_ONLY_MESSAGE, isReportReadOnly, type ReportStatus } from '@plod/model';
import { useContext } from 'react';
import { PlodContext } from './plod-context';

const TITLE: Record<ReportStatus, string> = {
  active: 'Open',
  completed: 'Shift completed',
  sent: 'Report submitted',
  approved: 'Report approved',
  returned: 'Returned for changes',
  deleted: 'Report deleted',
};

/** The banner a read-only report shows in place of its add buttons. */
export function ReadOnlyNotice({ status }: { status: ReportStatus }) {
  // Open, but saved by a newer version of Plod: the plod's own banner says why (NewerPlodNotice).
  const newer = useContext(PlodContext)?.newerSchema ?? false;
  if (newer && !isReportReadOnly(status)) return null;
  return (
    <Alert color="blue" variant="light" title={TITLE[status]} mb="md" data-testid="read-only">
      {REPORT_READ_ONLY_MESSAGE}
    </Alert>
  );
}
