import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportsIndexRow } from '@plod/model';
import { useState } from 'react';
import { ApiError } from '../../auth';
import { useConfirm } from '../../components/ConfirmModal';
import {
  discardLateEdit,
  mergeLateEdit,
  partLabel,
  type LateEdit,
  type LateEditsState,
} from './late-edits';
import { formatStamp } from './live-rows';

export const DISCARD_CONFIRMATION =
  'Discard this late edit? The report stays as it was submitted and the edit cannot be recovered.';

function reportLabel(row: ReportsIndexRow | undefined, reportId: string): string {
  if (!row) return `Report ${reportId}`;
  return `${row.site ?? 'No site'} - ${row.rig ?? 'No rig'} · ${row.date ?? 'No date'}`;
}

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface LateEditsProps {
  state: LateEditsState;
  online: boolean;
  /** The reports index by report id, to name each edit's report. */
  reports: ReadonlyMap<string, ReportsIndexRow>;
}

/**
 * Offline edits that arrived after their report was submitted: kept aside by the server, never
 * applied and never dropped, until a supervisor merges or discards each.
 */
export function LateEdits({ state, online, reports }: LateEditsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const confirm = useConfirm();
  const act = async (edit: LateEdit, action: 'merge' | 'discard') => {
    setBusy(edit.id);
    try {
      if (action === 'merge') await mergeLateEdit(edit.id);
      else await discardLateEdit(edit.id);
      notifications.show({
        color: 'green',
        message: action === 'merge' ? 'Late edit merged into the report' : 'Late edit discarded',
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: failure(error, `Failed to ${action} the late edit`),
      });
    } finally {
      setBusy(null);
      await state.refresh();
    }
  };
  const edits = state.edits;
  return (
    <Card withBorder component="section" aria-label="Late edits" mb="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={20}>
            Late edits
          </Title>
          <Group gap="xs">
            {edits && edits.length > 0 && (
              <Badge color="orange" size="lg" data-testid="late-edit-count">
                {edits.length}
              </Badge>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={!online}
              onClick={() => void state.refresh()}
            >
              Refresh
            </Button>
          </Group>
        </Group>
        {!online ? (
          <Alert color="gray" variant="light">
            Late edits need the network. Reconnect to review them.
          </Alert>
        ) : state.error ? (
          <Alert color="red" variant="light">
            {state.error}
          </Alert>
        ) : edits === null ? (
          <Text c="dimmed">Loading late edits...</Text>
        ) : edits.length === 0 ? (
          <Text c="dimmed" data-testid="late-edits-empty">
            No late edits
          </Text>
        ) : (
          edits.map((edit) => (
            <Card
              key={edit.id}
              withBorder
              padding="sm"
              data-testid="late-edit"
              data-report-id={edit.reportId}
            >
              <Stack gap={6}>
                <Text fw={700}>{reportLabel(reports.get(edit.reportId), edit.reportId)}</Text>
                <Text size="sm" c="dimmed">
                  From {edit.deviceName || edit.deviceId} · received {formatStamp(edit.receivedAt)}
                </Text>
                <Group gap={4}>
                  {edit.parts.length === 0 ? (
                    <Badge variant="light" color="gray">
                      No visible change
                    </Badge>
                  ) : (
                    edit.parts.map((part) => (
                      <Badge key={part} variant="light">
                        {partLabel(part)}
                      </Badge>
                    ))
                  )}
                </Group>
                <Group grow>
                  <Button
                    loading={busy === edit.id}
                    disabled={busy !== null}
                    onClick={() => void act(edit, 'merge')}
                  >
                    Merge
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    disabled={busy !== null}
                    onClick={() =>
                      confirm.ask({
                        title: 'Discard late edit',
                        message: DISCARD_CONFIRMATION,
                        confirmLabel: 'Discard',
                        onConfirm: () => act(edit, 'discard'),
                      })
                    }
                  >
                    Discard
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))
        )}
      </Stack>
      {confirm.modal}
    </Card>
  );
}
