import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatDepth,
  formatPercent,
  recoveryOver,
  runRecoveryPercent,
  shortRecovery,
  type DerivedRun,
} from '@plod/model';
import { useWide } from '../../lib/useWide';

export interface RunsTableProps {
  runs: readonly DerivedRun[];
  /** Absent on a read-only plod: no row actions. */
  onEdit?: (run: DerivedRun) => void;
  onDelete?: (run: DerivedRun) => void;
}

const rod = (run: DerivedRun) => (run.rodAdded ? 'Yes' : 'No');
const ori = (run: DerivedRun) => (run.oriToolUsed ? '+0.4m' : '-');
/** "2.90 m (96.7%)", "Not recorded"; over 100% (after a merge or a length edit) says so. */
function recovery(run: DerivedRun): string {
  if (run.recoveredLength === null) return 'Not recorded';
  const percent = runRecoveryPercent(run);
  const share = percent === null ? '' : ` (${formatPercent(percent)})`;
  const over = recoveryOver(percent) ? ': over 100%, check the recovered length' : '';
  return `${run.recoveredLength.toFixed(2)} m${share}${over}`;
}

/**
 * The hole's runs: a compact line per run on a phone (tap it for the rest), a table from tablet
 * width. Each value carries `data-cell`, in column order, for the browser tests.
 */
export function RunsTable(props: RunsTableProps) {
  const wide = useWide();
  return wide ? <Wide {...props} /> : <Lines {...props} />;
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

/** A run's detail; `cell` marks the seven values of the runs' column order (`data-cell`). */
function Fact({ label, value, cell = true }: { label: string; value: string; cell?: boolean }) {
  return (
    <div>
      <Text size="sm" c="gray.8" fw={700}>
        {label}
      </Text>
      <Text size="md" data-cell={cell || undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * What sets a run apart, as short flags on its line: its core recovery ("Rec 98%", red over 100%),
 * a run with no rod, the ori tool, a note.
 */
function flagsOf(run: DerivedRun): { label: string; color: string }[] {
  const flags: { label: string; color: string }[] = [];
  const rec = shortRecovery(run);
  if (rec)
    flags.push({ label: rec, color: recoveryOver(runRecoveryPercent(run)) ? 'red' : 'teal' });
  if (!run.rodAdded) flags.push({ label: 'No rod', color: 'orange' });
  if (run.oriToolUsed) flags.push({ label: 'Ori', color: 'blue' });
  if (run.notes) flags.push({ label: 'Note', color: 'gray' });
  return flags;
}

/**
 * A run's one line: its number, from-to with its flags, and its length at the right edge, where the
 * lengths of all runs line up. Flags that do not fit beside a deep hole's from-to go under it.
 * It is the name of the button that opens the run, so the words a screen reader needs ("Run", "to",
 * the commas) are in it, hidden, and the "#" and the dash are not read: "Run 6, 13.4 to 13.8 m,
 * No rod, Ori, 0.4 m".
 */
function RunLine({ run }: { run: DerivedRun }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text component="span" fw={800} size="lg" miw="2.2em" style={{ flexShrink: 0 }}>
        <span aria-hidden="true">#</span>
        <VisuallyHidden>Run </VisuallyHidden>
        <span data-cell>{run.runNumber}</span>
      </Text>
      <Group gap={6} style={{ flex: 1, minWidth: 0, rowGap: 2 }}>
        <Text component="span" size="md" style={{ whiteSpace: 'nowrap' }}>
          <VisuallyHidden>, </VisuallyHidden>
          <span data-cell>{formatDepth(run.fromDepth)}</span>
          <span aria-hidden="true">–</span>
          <VisuallyHidden> to </VisuallyHidden>
          <span data-cell>{formatDepth(run.toDepth)}</span>
          <VisuallyHidden> m</VisuallyHidden>
        </Text>
        {flagsOf(run).map(({ label, color }) => (
          <Badge key={label} variant="light" color={color} size="xs">
            <VisuallyHidden>, </VisuallyHidden>
            {label}
          </Badge>
        ))}
      </Group>
      <Text component="span" fw={700} size="md" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        <VisuallyHidden>, </VisuallyHidden>
        <span data-cell>{formatDepth(run.length)}</span> m
      </Text>
    </Group>
  );
}

/**
 * A phone's runs: one line a run (number, from-to, length, flags), about 50 px tall, so a shift's
 * 20 runs fill under two screens. Tapping a run opens it (one at a time): rod, ori tool, notes,
 * Edit and Delete. The details stay in the page while closed (hidden), so every run carries its
 * seven `data-cell`s.
 */
function Lines({ runs, onEdit, onDelete }: RunsTableProps) {
  return (
    <Accordion
      variant="contained"
      chevronPosition="right"
      keepMountedMode="display-none"
      data-testid="runs-table"
      styles={{
        control: { minHeight: 48 },
        label: { paddingBlock: 6 },
        chevron: { marginInlineStart: 8 },
      }}
    >
      {runs.map((run) => (
        <Accordion.Item key={run.id} value={run.id} data-testid="run-row">
          <Accordion.Control px="sm">
            <RunLine run={run} />
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <div>
                <SimpleGrid cols={2} spacing="xs">
                  <Fact label="Rod Added" value={rod(run)} />
                  <Fact label="Ori Tool" value={ori(run)} />
                </SimpleGrid>
                <Box mt="sm">
                  <Fact label="Recovered Core" value={recovery(run)} cell={false} />
                </Box>
                {run.notes ? (
                  <Box mt="sm">
                    <Fact label="Notes" value={run.notes} />
                  </Box>
                ) : (
                  <span data-cell />
                )}
              </div>
              <Actions run={run} onEdit={onEdit} onDelete={onDelete} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
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
            <Table.Th>Recovery</Table.Th>
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
              {/* Not a data-cell: the runs' seven values keep their column order. */}
              <Table.Td>{recovery(run)}</Table.Td>
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
