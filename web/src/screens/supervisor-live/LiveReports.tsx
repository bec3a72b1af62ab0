import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDepth, formatHours, shiftTypeLabel, type ReportsIndexRow } from '@plod/model';
import { Link } from 'react-router';
import { PaperTable } from '../../components/PaperTable';
import { RestoreButton } from '../../plod-list/RestoreButton';
import { plodReportPath } from '../../routes/client';
import { STATUS_COLOR } from '../../reports/status-look';
import { STATUS_LABEL, changedRecently, formatStamp } from './live-rows';

export interface LiveRowsProps {
  rows: readonly ReportsIndexRow[];
  /** Epoch ms, for the "just updated" mark. */
  now: number;
  /** Reports with a late edit waiting for a supervisor. */
  lateEditIds: ReadonlySet<string | null>;
  /** Restoring a deleted plod needs the server. */
  online: boolean;
}

function title(row: ReportsIndexRow): string {
  return `${row.site ?? 'No site'} - ${row.rig ?? 'No rig'}`;
}

function shift(row: ReportsIndexRow): string {
  return row.shiftType ? shiftTypeLabel(row.shiftType) : 'Shift not set';
}

/** The plod's name, opening the whole plod: a line a thumb's height, as every target is. */
function Title({ row }: { row: ReportsIndexRow }) {
  return (
    <Anchor
      component={Link}
      to={plodReportPath(row.id)}
      fw={800}
      data-testid="live-title"
      style={{ display: 'flex', alignItems: 'center', minHeight: 44 }}
    >
      {title(row)}
    </Anchor>
  );
}

function Marks({ row, now, late }: { row: ReportsIndexRow; now: number; late: boolean }) {
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLOR[row.status]} variant="light" data-testid="live-status">
        {STATUS_LABEL[row.status]}
      </Badge>
      {late && (
        <Badge color="orange" variant="filled">
          Late edit
        </Badge>
      )}
      {changedRecently(row, now) && (
        <Badge color="grape" variant="dot">
          Just updated
        </Badge>
      )}
    </Group>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Phones: one card per plod. */
export function LiveReportCards({ rows, now, lateEditIds, online }: LiveRowsProps) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.id} withBorder data-testid="live-report" data-report-id={row.id}>
          <Stack gap="xs">
            <Stack gap={2}>
              <Title row={row} />
              <Text size="sm" c="dimmed">
                {row.date ?? 'No date'} · {shift(row)}
              </Text>
            </Stack>
            <Marks row={row} now={now} late={lateEditIds.has(row.id)} />
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Operator" value={row.operator ?? '—'} testId="live-operator" />
              <Figure label="Metres" value={formatDepth(row.metres)} testId="live-metres" />
              <Figure label="Hours" value={formatHours(row.hours)} testId="live-hours" />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Last updated {formatStamp(row.updatedAt)}
            </Text>
            {row.status === 'deleted' && (
              <RestoreButton id={row.id} online={online} title={title(row)} />
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Wide screens: one table row per plod. */
export function LiveReportTable({ rows, now, lateEditIds, online }: LiveRowsProps) {
  return (
    <PaperTable
      minWidth={900}
      verticalSpacing="sm"
      aria-label="Live reports"
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site - Rig</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Shift</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Operator</Table.Th>
            <Table.Th ta="right">Metres</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Last updated</Table.Th>
            <Table.Th>
              <span className="mantine-visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="live-report" data-report-id={row.id}>
          <Table.Td>
            <Title row={row} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date ?? '—'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{shift(row)}</Table.Td>
          <Table.Td miw={180}>
            <Marks row={row} now={now} late={lateEditIds.has(row.id)} />
          </Table.Td>
          <Table.Td data-testid="live-operator">{row.operator ?? '—'}</Table.Td>
          <Table.Td ta="right" data-testid="live-metres">
            {formatDepth(row.metres)}
          </Table.Td>
          <Table.Td ta="right" data-testid="live-hours">
            {formatHours(row.hours)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatStamp(row.updatedAt)}</Table.Td>
          <Table.Td>
            {row.status === 'deleted' && (
              <RestoreButton id={row.id} online={online} title={title(row)} />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </PaperTable>
  );
}
