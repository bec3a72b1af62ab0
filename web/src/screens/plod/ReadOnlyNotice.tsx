import { Alert } from '@mantine/core';
import { REPORT_READ_ONLY_MESSAGE, type ReportStatus } from '@plod/model';

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
  return (
    <Alert color="blue" variant="light" title={TITLE[status]} mb="md" data-testid="read-only">
      {REPORT_READ_ONLY_MESSAGE}
    </Alert>
  );
}
