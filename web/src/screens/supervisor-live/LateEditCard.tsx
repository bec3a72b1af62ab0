import { Alert, Anchor, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import type { ReportsIndexRow } from '@plod/model';
import { Link } from 'react-router';
import { plodPath } from '../../routes/plod-paths';
import type { LateEditSession } from './late-edits';
import { formatStamp } from './live-rows';

/** "North Pit - Rig 7 · 2026-03-02", or a plain word when the plod is not listed here. */
export function plodLabel(row: ReportsIndexRow | undefined): string {
  if (!row) return 'A plod not listed here';
  return `${row.site ?? 'No site'} - ${row.rig ?? 'No rig'} · ${row.date ?? 'No date'}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 changes", for confirmations. */
export function changeCount(session: LateEditSession): string {
  return plural(Math.max(1, session.changes.length), 'change');
}

export interface LateEditCardProps {
  session: LateEditSession;
  plod: ReportsIndexRow | undefined;
  /** Sessions it builds on (merged with it). */
  along: readonly LateEditSession[];
  busy: boolean;
  disabled: boolean;
  onMerge: () => void;
  onDiscard: () => void;
}

/**
 * One phone's late edits to one plod, with what merging them does (before -> after) and the
 * decision: Merge or Discard, each confirmed first.
 */
export function LateEditCard({
  session,
  plod,
  along,
  busy,
  disabled,
  onMerge,
  onDiscard,
}: LateEditCardProps) {
  const received =
    session.firstReceivedAt === session.lastReceivedAt
      ? formatStamp(session.firstReceivedAt)
      : `${formatStamp(session.firstReceivedAt)} to ${formatStamp(session.lastReceivedAt)}`;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Late edits from ${session.deviceName || 'a phone'}`}
      data-testid="late-edit"
      data-report-id={session.reportId}
    >
      <Stack gap="xs">
        {session.reportId ? (
          <Anchor
            component={Link}
            to={plodPath(session.reportId)}
            fw={700}
            style={{ display: 'flex', alignItems: 'center', minHeight: 44 }}
          >
            {plodLabel(plod)}
          </Anchor>
        ) : (
          <Text fw={700}>{plodLabel(plod)}</Text>
        )}
        <Text size="sm" c="dimmed">
          From {session.deviceName || 'a crew phone'} · {plural(session.editIds.length, 'edit')}{' '}
          received {received}
        </Text>
        {session.changes.length === 0 ? (
          <Text size="sm" data-testid="late-edit-change">
            Nothing the plod shows changes: these edits are already in it or touch nothing it shows.
          </Text>
        ) : (
          <List spacing={4} size="md" aria-label="Changes">
            {session.changes.map((change, i) => (
              <List.Item key={`${i}-${change.text}`} data-testid="late-edit-change">
                <Text span size="sm" c="dimmed">
                  {change.part}:{' '}
                </Text>
                {change.text}
              </List.Item>
            ))}
          </List>
        )}
        {along.length > 0 && (
          <Text size="sm" data-testid="late-edit-along">
            Builds on {plural(along.length, 'earlier session')} from this phone (received{' '}
            {along.map((s) => formatStamp(s.firstReceivedAt)).join(', ')}): merging it merges{' '}
            {along.length === 1 ? 'that one' : 'those'} too.
          </Text>
        )}
        {session.cannotMerge && (
          <Alert color="orange" variant="light">
            {session.cannotMerge}
          </Alert>
        )}
        <Group grow>
          <Button
            loading={busy}
            disabled={disabled || session.cannotMerge !== null}
            onClick={onMerge}
          >
            Merge
          </Button>
          <Button variant="light" color="red" disabled={disabled} onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
