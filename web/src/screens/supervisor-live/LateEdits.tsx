import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PlodFilter, ReportsIndexRow } from '@plod/model';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmModal';
import { LateEditCard, changeCount, plodLabel } from './LateEditCard';
import {
  discardAll,
  discardSession,
  failureMessage,
  bulkScope,
  mergeAll,
  mergeSession,
  sessionsShown,
  type BulkResult,
  type LateEditSession,
  type LateEditsState,
} from './late-edits';

export interface LateEditsProps {
  state: LateEditsState;
  online: boolean;
  /** The reports index by report id, to name each session's plod. */
  reports: ReadonlyMap<string, ReportsIndexRow>;
  /** The list's filter: only sessions on plods it shows are listed, and the bulk actions take those. */
  filter: PlodFilter;
  /** Whether `reports` holds every plod (the index has loaded), so a session left out is outside. */
  complete: boolean;
}

function bulkMessage(verb: string, result: BulkResult): string {
  const done = `${verb} ${result.edits} ${result.edits === 1 ? 'edit' : 'edits'}.`;
  return result.failed.length === 0
    ? done
    : `${done} ${result.failed.length} left waiting: ${result.failed[0]?.message ?? ''}`;
}

/**
 * Offline edits that arrived after their plod was submitted: kept aside by the server, never
 * applied and never dropped, until a supervisor merges or discards them, a phone's session at a
 * time or all at once, in any order. A filtered list shows (and Merge all / Discard all take) the
 * sessions of the plods it shows, never edits the supervisor cannot see; it says how many it hides.
 */
export function LateEdits({ state, online, reports, filter, complete }: LateEditsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const confirm = useConfirm();
  const every = state.sessions ?? [];
  const sessions = sessionsShown(every, filter, reports);
  const hidden = every.length - sessions.length;
  const scope = bulkScope(sessions, hidden);
  const byId = new Map(every.map((s) => [s.id, s]));

  const run = async (key: string, action: () => Promise<string>, failed: string) => {
    setBusy(key);
    try {
      notifications.show({ color: 'green', message: await action() });
    } catch (error) {
      notifications.show({ color: 'red', message: failureMessage(error, failed) });
    } finally {
      setBusy(null);
      await state.refresh();
    }
  };
  const askMerge = (session: LateEditSession) => {
    const plod = plodLabel(reports.get(session.reportId ?? ''));
    const along = session.mergesAlong.length;
    confirm.ask({
      title: 'Merge late edits',
      message:
        `Merge ${changeCount(session)} from ${session.deviceName || 'this phone'} into ${plod}?` +
        (along > 0 ? ' The earlier edits from the same phone it builds on are merged too.' : '') +
        ' The plod stays submitted.',
      confirmLabel: 'Merge',
      onConfirm: () =>
        run(
          session.id,
          async () => {
            await mergeSession(session.id);
            return 'Late edits merged into the plod';
          },
          'Could not merge these edits. Try again.',
        ),
    });
  };
  const askDiscard = (session: LateEditSession) =>
    confirm.ask({
      title: 'Discard late edits',
      message:
        `Discard ${changeCount(session)} from ${session.deviceName || 'this phone'}? ` +
        'The plod stays as submitted, the phone sees them undone, and they cannot be recovered.',
      confirmLabel: 'Discard',
      onConfirm: () =>
        run(
          session.id,
          async () => {
            await discardSession(session.id);
            return 'Late edits discarded';
          },
          'Could not discard these edits. Try again.',
        ),
    });
  const everySession =
    (sessions.length === 1 ? 'the 1 waiting session' : `all ${sessions.length} sessions`) +
    (hidden > 0 ? ' on the plods this filter shows' : '');
  const askAll = (verb: 'Merge' | 'Discard') =>
    confirm.ask({
      title: `${verb} all late edits`,
      message:
        verb === 'Merge'
          ? `Merge ${everySession} of late edits into their plods? The plods stay submitted.`
          : `Discard ${everySession} of late edits? The plods stay as submitted and the edits cannot be recovered.`,
      confirmLabel: `${verb} all`,
      onConfirm: () =>
        run(
          verb,
          async () =>
            bulkMessage(
              verb === 'Merge' ? 'Merged' : 'Discarded',
              await (verb === 'Merge' ? mergeAll(scope) : discardAll(scope)),
            ),
          `Could not ${verb.toLowerCase()} the late edits. Try again.`,
        ),
    });

  return (
    <Card withBorder component="section" aria-label="Late edits" mb="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} fz={20}>
              Late edits
            </Title>
            {sessions.length > 0 && (
              <Badge color="orange" size="lg" data-testid="late-edit-count">
                {sessions.length}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {sessions.length > 0 && (
              <>
                <Button
                  variant="light"
                  disabled={busy !== null || !online}
                  onClick={() => askAll('Merge')}
                >
                  Merge all
                </Button>
                <Button
                  variant="light"
                  color="red"
                  disabled={busy !== null || !online}
                  onClick={() => askAll('Discard')}
                >
                  Discard all
                </Button>
              </>
            )}
            <Button variant="subtle" disabled={!online} onClick={() => void state.refresh()}>
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
        ) : state.sessions === null || (sessions.length === 0 && hidden > 0 && !complete) ? (
          <Text c="dimmed">Loading late edits...</Text>
        ) : sessions.length === 0 ? (
          <Text c="dimmed" data-testid="late-edits-empty">
            {hidden > 0 ? 'No late edits on the plods this filter shows' : 'No late edits'}
          </Text>
        ) : (
          sessions.map((session) => (
            <LateEditCard
              key={session.id}
              session={session}
              plod={reports.get(session.reportId ?? '')}
              along={session.mergesAlong.flatMap((id) => byId.get(id) ?? [])}
              busy={busy === session.id}
              disabled={busy !== null}
              onMerge={() => askMerge(session)}
              onDiscard={() => askDiscard(session)}
            />
          ))
        )}
        {hidden > 0 && complete && (
          <Text c="dimmed" size="sm" data-testid="late-edits-hidden">
            {hidden === 1
              ? '1 more session waits on a plod outside this filter.'
              : `${hidden} more sessions wait on plods outside this filter.`}
          </Text>
        )}
      </Stack>
      {confirm.modal}
    </Card>
  );
}
