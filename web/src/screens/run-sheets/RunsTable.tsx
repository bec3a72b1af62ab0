import { Card, Stack, Table, Text } from '@mantine/core';
import { formatDepth, type DerivedRun } from '@plod/model';

// Run # stays in view while the other columns scroll sideways on a phone.
const STICKY = {
  position: 'sticky',
  left: 0,
  background: 'var(--mantine-color-body)',
  zIndex: 1,
} as const;

/** The hole's runs; on a phone the table scrolls sideways with Run # kept readable. */
export function RunsTable({ runs }: { runs: readonly DerivedRun[] }) {
  if (runs.length === 0) {
    return (
      <Card withBorder ta="center" py="xl" data-testid="runs-empty">
        <Stack gap={4}>
          <Text fw={700} size="md">
            No runs recorded yet
          </Text>
          <Text c="dimmed" size="sm">
            First run will be created automatically with 4m barrel
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table
          striped
          verticalSpacing="sm"
          fz="md"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="runs-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={STICKY}>Run #</Table.Th>
              <Table.Th>From (m)</Table.Th>
              <Table.Th>To (m)</Table.Th>
              <Table.Th>Length (m)</Table.Th>
              <Table.Th>Rod Added</Table.Th>
              <Table.Th>Ori Tool</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id} data-testid="run-row">
                <Table.Td fw={700} style={STICKY}>
                  {run.runNumber}
                </Table.Td>
                <Table.Td>{formatDepth(run.fromDepth)}</Table.Td>
                <Table.Td>{formatDepth(run.toDepth)}</Table.Td>
                <Table.Td>{formatDepth(run.length)}</Table.Td>
                <Table.Td>{run.rodAdded ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{run.oriToolUsed ? '+0.4m' : '-'}</Table.Td>
                <Table.Td>{run.notes ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
