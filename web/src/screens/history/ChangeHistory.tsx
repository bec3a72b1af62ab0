import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  concurrentChanges,
  describeHistory,
  fieldLabel,
  HISTORY_GROUPS,
  type DescribedChange,
  type HistoryGroup,
  type HistoryNames,
  type HistorySection,
  type ReportHistory,
} from '@plod/model';
import { useMemo, useState } from 'react';
import { byLabel, deviceLabel, newestFirst, whenLabel, whoLabel } from './format';
import { useWide } from '../../lib/useWide';
import { TableHead } from '../../components/TableHead';

/** A field to show alone, as a conflict note opens the history. */
export interface HistoryFocus {
  section: HistorySection;
  field: string;
  entryId?: string | null;
}

export interface ChangeHistoryProps {
  history: ReportHistory;
  /** Site and rig names for ids, when the screen has the setup document. */
  names?: HistoryNames;
  focus?: HistoryFocus | null;
}

/** A filter appears once the list is longer than a screen. */
const FILTER_FROM = 8;
const ALL = '';

function matches(change: DescribedChange, focus: HistoryFocus): boolean {
  const { entry } = change;
  return (
    entry.section === focus.section &&
    entry.field === focus.field &&
    entry.entryId === (focus.entryId ?? null)
  );
}

/**
 * A plod's change history, newest first: who, on which device, when, and what (old -> new). Changes
 * two devices made to one field without seeing each other's are marked. Embeddable anywhere a plod is
 * read (the phone's History screen, a conflict note, the supervisor's report view).
 */
export function ChangeHistory({ history, names, focus = null }: ChangeHistoryProps) {
  const wide = useWide();
  const [group, setGroup] = useState<HistoryGroup | typeof ALL>(ALL);
  const [focused, setFocused] = useState(focus !== null);
  const described = useMemo(
    () => describeHistory(newestFirst(history.entries), names),
    [history.entries, names],
  );
  const apart = useMemo(
    () => new Set(concurrentChanges(history.entries).flatMap(([a, b]) => [a.id, b.id])),
    [history.entries],
  );
  const groups = HISTORY_GROUPS.filter((g) => described.some((d) => d.group === g));
  const shown = described.filter((d) =>
    focused && focus ? matches(d, focus) : group === ALL || d.group === group,
  );

  if (history.entries.length === 0) {
    return (
      <Text c="gray.7" size="md" data-testid="history-empty">
        No changes recorded yet. Changes made from now on are listed here with who made them.
      </Text>
    );
  }
  const Rows = wide ? HistoryTable : HistoryCards;
  return (
    <Stack gap="sm" data-testid="change-history">
      {focused && focus ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} size="md">
            Changes to {fieldLabel(focus.section, focus.field)}
          </Text>
          <Button variant="default" onClick={() => setFocused(false)}>
            Show all changes
          </Button>
        </Group>
      ) : (
        described.length > FILTER_FROM && (
          <NativeSelect
            label="Show"
            maw={wide ? 320 : undefined}
            data={[
              { value: ALL, label: `All changes (${described.length})` },
              ...groups.map((g) => ({
                value: g,
                label: `${g} (${described.filter((d) => d.group === g).length})`,
              })),
            ]}
            value={group}
            onChange={(event) => setGroup(event.currentTarget.value as HistoryGroup)}
          />
        )
      )}
      <Rows changes={shown} apart={apart} />
    </Stack>
  );
}

interface RowsProps {
  changes: readonly DescribedChange[];
  apart: ReadonlySet<string>;
}

function ApartBadge() {
  return (
    <Badge color="yellow.5" c="dark.9" tt="none" size="md">
      Changed while apart
    </Badge>
  );
}

/** Desk: one row per change, the width used for who, device and when. */
function HistoryTable({ changes, apart }: RowsProps) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" fz="md">
      <TableHead columns={['When', 'Who', 'Device', 'Change']} />
      <Table.Tbody>
        {changes.map(({ entry, text }) => (
          <Table.Tr key={entry.id} data-testid="history-entry">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenLabel(entry.at)}</Table.Td>
            <Table.Td>{whoLabel(entry.actor)}</Table.Td>
            <Table.Td>{deviceLabel(entry.actor)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <Text size="md">{text}</Text>
                {apart.has(entry.id) && <ApartBadge />}
              </Group>
              {entry.note && (
                <Text size="sm" c="gray.7">
                  {entry.note}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Phone: one card per change, what changed first, who and when beneath. */
function HistoryCards({ changes, apart }: RowsProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {changes.map(({ entry, text }) => (
        <Card key={entry.id} component="li" padding="sm" data-testid="history-entry">
          <Text size="md" fw={600}>
            {text}
          </Text>
          <Text size="sm" c="gray.7">
            {byLabel(entry.actor)} · {whenLabel(entry.at)}
          </Text>
          {entry.note && <Text size="sm">{entry.note}</Text>}
          {apart.has(entry.id) && (
            <Group mt={4}>
              <ApartBadge />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
