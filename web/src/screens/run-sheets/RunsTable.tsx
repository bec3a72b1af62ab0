import { Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDepth, type DerivedRun } from '@plod/model';
import { useWide } from '../../lib/useWide';

export interface RunsTableProps {
  runs: readonly DerivedRun[];
  /** Absent on a read-only plod: no row actions. */
  onEdit?: (run: DerivedRun) => void;
  onDelete?: (run: DerivedRun) => void;
}

const rod = (run: DerivedRun) => (run.rodAdded ? 'Yes' : 'No');
const ori = (run: DerivedRun) => (run.oriToolUsed ? '+0.4m' : '-');

/**
 * The hole's runs: a card per run on a phone (every column readable at 390 px, no sideways scroll),
 * a table from tablet width. Each value carries `data-cell`, in column order, for the browser tests.
 */
export function RunsTable(props: RunsTableProps) {
  const wide = useWide();
  return wide ? <Wide {...props} /> : <Cards {...props} />;
}

function Actions({ run, onEdit, onDelete }: { run: DerivedRun } & Omit<RunsTableProps, 'runs'>) {
  if (!onEdit && !onDelete) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {onEdit && (
        <Button
          variant="default"
          size="md"
          aria-label={`Edit run ${run.runNumber}`}
          onClick={() => onEdit(run)}
        >
          Edit
        </Button>
      )}
      {onDelete && (
        <Button
          variant="default"
          size="md"
          c="red.9"
          aria-label={`Delete run ${run.runNumber}`}
          onClick={() => onDelete(run)}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="gray.8" fw={700}>
        {label}
      </Text>
      <Text size="md" data-cell style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Cards({ runs, onEdit, onDelete }: RunsTableProps) {
  return (
    <Stack gap="sm" data-testid="runs-table">
      {runs.map((run) => (
        <Card
          key={run.id}
          withBorder
          padding="sm"
          component="article"
          aria-label={`Run ${run.runNumber}`}
          data-testid="run-row"
        >
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Text fw={700} size="lg">
              Run <span data-cell>{run.runNumber}</span>
            </Text>
            <Actions run={run} onEdit={onEdit} onDelete={onDelete} />
          </Group>
          <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
            <Fact label="From (m)" value={formatDepth(run.fromDepth)} />
            <Fact label="To (m)" value={formatDepth(run.toDepth)} />
            <Fact label="Length (m)" value={formatDepth(run.length)} />
            <Fact label="Rod Added" value={rod(run)} />
            <Fact label="Ori Tool" value={ori(run)} />
            <Fact label="Notes" value={run.notes ?? ''} />
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

function Wide({ runs, onEdit, onDelete }: RunsTableProps) {
  const actions = Boolean(onEdit || onDelete);
  return (
    <Card withBorder padding={0}>
      <Table striped verticalSpacing="sm" fz="md" data-testid="runs-table">
        <Table.Thead>
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>
            <Table.Th>Run #</Table.Th>
            <Table.Th>From (m)</Table.Th>
            <Table.Th>To (m)</Table.Th>
            <Table.Th>Length (m)</Table.Th>
            <Table.Th>Rod Added</Table.Th>
            <Table.Th>Ori Tool</Table.Th>
            <Table.Th>Notes</Table.Th>
            {actions && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-testid="run-row">
              <Table.Td fw={700} data-cell>
                {run.runNumber}
              </Table.Td>
              <Table.Td data-cell>{formatDepth(run.fromDepth)}</Table.Td>
              <Table.Td data-cell>{formatDepth(run.toDepth)}</Table.Td>
              <Table.Td data-cell>{formatDepth(run.length)}</Table.Td>
              <Table.Td data-cell>{rod(run)}</Table.Td>
              <Table.Td data-cell>{ori(run)}</Table.Td>
              <Table.Td data-cell style={{ overflowWrap: 'anywhere' }}>
                {run.notes ?? ''}
              </Table.Td>
              {actions && (
                <Table.Td>
                  <Actions run={run} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
