import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REOPEN_REASON_REQUIRED, RETURN_COMMENT_MAX, RETURN_COMMENT_REQUIRED } from '@plod/model';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../auth';
import { approvePlod, reopenPlod, returnPlod } from './api';

type Open = 'approve' | 'return' | null;

function failure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}

/** A confirmation's required reason (a comment to the crew, why a plod is reopened). */
function ReasonField(props: {
  label: string;
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  return (
    <Textarea
      label={props.label}
      required
      autosize
      minRows={3}
      maxLength={RETURN_COMMENT_MAX}
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data-autofocus
    />
  );
}

/** A confirmation's Cancel and its action, side by side; the action spins while the call runs. */
function ConfirmButtons(props: {
  onCancel: () => void;
  color: string;
  busy: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Group grow>
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button color={props.color} loading={props.busy} onClick={props.onConfirm}>
        {props.children}
      </Button>
    </Group>
  );
}

export interface ReviewActionsProps {
  reportId: string;
  online: boolean;
}

/**
 * Approve (locks the plod) or Return to crew with a comment, each confirmed first. Both are server
 * calls: the server checks the plod is still submitted and who may act, and the new status reaches
 * this view and the crew's phones through sync.
 */
export function ReviewActions({ reportId, online }: ReviewActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(null);
    setError(null);
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifications.show({ color: 'green', title: 'Plod', message: done });
      setComment('');
      close();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  const submitReturn = () => {
    if (!comment.trim()) {
      setError(RETURN_COMMENT_REQUIRED);
      return;
    }
    void run(() => returnPlod(reportId, comment.trim()), 'Plod returned to the crew');
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-print-hide>
        <Button color="green.8" size="md" disabled={!online} onClick={() => setOpen('approve')}>
          Approve
        </Button>
        <Button color="red.8" size="md" disabled={!online} onClick={() => setOpen('return')}>
          Return to crew
        </Button>
      </SimpleGrid>
      {!online && (
        <Text size="sm" c="dimmed" mt={4}>
          Approving and returning need the network.
        </Text>
      )}
      <Modal opened={open === 'approve'} onClose={close} title="Approve this plod?" centered>
        <Stack>
          <Text>Approved plods are locked: the crew can no longer change them.</Text>
          {error && (
            <Text c="red.9" role="alert">
              {error}
            </Text>
          )}
          <ConfirmButtons
            onCancel={close}
            color="green.8"
            busy={busy}
            onConfirm={() => void run(() => approvePlod(reportId), 'Plod approved')}
          >
            Approve plod
          </ConfirmButtons>
        </Stack>
      </Modal>
      <Modal opened={open === 'return'} onClose={close} title="Return to the crew?" centered>
        <Stack>
          <Text>The crew see your comment on their phones, fix the plod and submit it again.</Text>
          <ReasonField
            label="What must the crew fix?"
            value={comment}
            error={error}
            onChange={(text) => {
              setComment(text);
              setError(null);
            }}
          />
          <ConfirmButtons onCancel={close} color="red.8" busy={busy} onConfirm={submitReturn}>
            Return plod
          </ConfirmButtons>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Reopen an approved plod (supervisors): approved plods are read-only to everyone, so a correction
 * starts here, with the reason recorded in the plod's history and shown with it. The plod becomes
 * Submitted again and can be changed, approved or returned.
 */
export function ReopenAction({ reportId, online }: ReviewActionsProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const submit = async () => {
    if (!reason.trim()) {
      setError(REOPEN_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await reopenPlod(reportId, reason.trim());
      notifications.show({ color: 'green', title: 'Plod', message: 'Plod reopened' });
      setReason('');
      close();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        color="orange.9"
        size="md"
        disabled={!online}
        onClick={() => setOpen(true)}
        data-print-hide
      >
        Reopen
      </Button>
      {!online && (
        <Text size="sm" c="dimmed" mt={4}>
          Reopening needs the network.
        </Text>
      )}
      <Modal opened={open} onClose={close} title="Reopen this approved plod?" centered>
        <Stack>
          <Text>
            It becomes Submitted again and can be changed. The reason is kept in its history.
          </Text>
          <ReasonField
            label="Why is it reopened?"
            value={reason}
            error={error}
            onChange={(text) => {
              setReason(text);
              setError(null);
            }}
          />
          <ConfirmButtons
            onCancel={close}
            color="orange.9"
            busy={busy}
            onConfirm={() => void submit()}
          >
            Reopen plod
          </ConfirmButtons>
        </Stack>
      </Modal>
    </>
  );
}
