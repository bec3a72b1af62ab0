import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatClock, setStatus, type ReportSnapshot, type ReportStatus } from '@plod/model';
import { PlodLateEdits } from '../../components/LateEdits';
import { useChangedAfterCompletion, useMutation } from '../../sync';
import { canEditPlod, useEditor, type Editor } from './access';
import { usePlod } from './plod-context';
import { useReportView } from './useReport';

const TITLE: Record<ReportStatus, string> = {
  active: 'Open',
  completed: 'Shift completed',
  sent: 'Report submitted',
  approved: 'Report approved',
  returned: 'Returned for changes',
  deleted: 'Report deleted',
};

function message(status: ReportStatus, editor: Editor): string {
  const viewOnly = editor === 'crew' ? ' This phone shows it but does not change it.' : '';
  switch (status) {
    case 'completed':
      return `The shift was completed.${viewOnly} Reopen it to change anything before it is submitted.`;
    case 'sent':
      return `It is with the supervisor.${viewOnly} If something needs fixing, ask the supervisor to return it.`;
    case 'approved':
      return 'The supervisor approved it: it is locked.';
    case 'deleted':
      return `It was deleted.${viewOnly}`;
    default:
      return '';
  }
}

/**
 * Where the plod is in its lifecycle, on every report screen: completed, submitted, approved and
 * deleted plods say so (and on a crew phone show no edits); a completed one offers Reopen; a returned
 * one shows the supervisor's comment.
 */
export function PlodStatusBanner() {
  const { docName } = usePlod();
  const { report } = useReportView(docName);
  const editor = useEditor();
  const changeStatus = useMutation(docName, setStatus);
  const changed = useChangedAfterCompletion(docName);
  const reopen = () => {
    try {
      changeStatus('active');
      notifications.show({
        color: 'green',
        title: 'Shift reopened',
        message: 'The plod is open for changes again.',
      });
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Could not reopen the shift.' });
    }
  };
  return (
    <>
      <PlodLateEdits docName={docName} />
      <StatusBannerView
        report={report}
        editor={editor}
        onReopen={reopen}
        changedAfterCompletion={changed.at}
        onSeen={changed.dismiss}
      />
    </>
  );
}

export interface StatusBannerViewProps {
  report: Pick<ReportSnapshot, 'status' | 'returnComment'>;
  editor: Editor;
  onReopen: () => void;
  /** When another phone's changes reached this completed plod on this phone, if they did. */
  changedAfterCompletion?: string | null;
  onSeen?: () => void;
}

/** The banner itself, from the plod's status and comment. */
export function StatusBannerView({
  report,
  editor,
  onReopen,
  changedAfterCompletion = null,
  onSeen,
}: StatusBannerViewProps) {
  const { status } = report;
  if (status === 'active') return null;
  if (status === 'returned') {
    return (
      <Alert color="orange" variant="light" title={TITLE.returned} mb="md" data-testid="returned">
        <Stack gap={4}>
          {report.returnComment && (
            <Text size="md" data-testid="return-comment">
              Supervisor: “{report.returnComment}”
            </Text>
          )}
          <Text size="md">Make the changes, then submit it again from Shift Completion.</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color={status === 'deleted' ? 'gray' : 'blue'}
      variant="light"
      title={TITLE[status]}
      mb="md"
      data-testid={canEditPlod(status, editor) ? 'plod-status' : 'read-only'}
      data-status={status}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="md">{message(status, editor)}</Text>
        {status === 'completed' && changedAfterCompletion && (
          <Text size="md" fw={700} data-testid="changed-after-completion">
            Changes from another phone arrived after the shift was completed (at{' '}
            {formatClock(new Date(changedAfterCompletion))}). They are in the plod: check them
            before submitting.
          </Text>
        )}
        {status === 'completed' && (
          <Group gap="sm">
            <Button onClick={onReopen} variant="white" color="blue">
              Reopen shift
            </Button>
            {changedAfterCompletion && onSeen && (
              <Button onClick={onSeen} variant="subtle" color="blue">
                Seen
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
