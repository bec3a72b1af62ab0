import { Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConfirm } from '../../components/ConfirmModal';
import { PaperTable } from '../../components/PaperTable';
import { useWide } from '../../lib/useWide';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Long text (notes, descriptions): wraps in the table and takes a card's full width. */
  wide?: boolean;
}

/** Edit (where given) and Delete on every row; Delete asks first. Leave out on a read-only plod. */
export interface RowActions<T> {
  /** What one row is, in the buttons' names and the question: 'time entry'. */
  noun: string;
  /** Names one row for screen readers and in the delete question: '10:00 PM - 2:00 AM Drilling'. */
  describe: (row: T) => string;
  /** Left out where a row is deleted and recorded again rather than edited (bit changes). */
  onEdit?: (row: T) => void;
  onDelete: (row: T) => void;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  testId?: string;
  actions?: RowActions<T>;
  /** A few short columns that fit a phone as they are (a summary): a table at every width. */
  compact?: boolean;
  /** The order of the fields on a phone's card, by header, where it differs from the table's. */
  cardOrder?: readonly string[];
}

/**
 * The entry lists of a plod. A phone shows each row as a compact card with every field labelled, so
 * nothing that matters (Hours, Status) hides behind a sideways scroll; a wider screen uses the width
 * for a table. Row actions (Edit, Delete after a confirmation) sit on each card or row.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  testId,
  actions,
  compact = false,
  cardOrder,
}: DataTableProps<T>) {
  const wide = useWide();
  const confirm = useConfirm();
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid={testId && `${testId}-empty`}>
        <Stack gap={4}>{empty}</Stack>
      </Paper>
    );
  }
  const buttons = actions
    ? (row: T) => (
        <RowButtons
          actions={actions}
          row={row}
          onDelete={() =>
            confirm.ask({
              title: `Delete ${actions.noun}?`,
              message: `${actions.describe(row)} will be removed from this plod. Undo brings it back, on this phone, for a few minutes.`,
              confirmLabel: 'Delete',
              onConfirm: () => actions.onDelete(row),
            })
          }
        />
      )
    : null;
  return (
    <>
      {wide || compact ? (
        <EntryTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          testId={testId}
          buttons={buttons}
          minWidth={compact ? 320 : 560}
        />
      ) : (
        <EntryCards
          columns={cardOrder ? byOrder(columns, cardOrder) : columns}
          rows={rows}
          rowKey={rowKey}
          testId={testId}
          buttons={buttons}
        />
      )}
      {confirm.modal}
    </>
  );
}

/** The columns in the given header order; any not named keep their place after those named. */
function byOrder<T>(columns: readonly Column<T>[], order: readonly string[]): Column<T>[] {
  const rank = (c: Column<T>) => {
    const i = order.indexOf(c.header);
    return i < 0 ? order.length : i;
  };
  return [...columns].sort((a, b) => rank(a) - rank(b));
}

interface LayoutProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  testId?: string;
  /** Each row's Edit and Delete, or null on a read-only plod. */
  buttons: ((row: T) => ReactNode) | null;
  minWidth?: number;
}

function RowButtons<T>({
  actions,
  row,
  onDelete,
}: {
  actions: RowActions<T>;
  row: T;
  onDelete: () => void;
}) {
  const name = `${actions.noun} ${actions.describe(row)}`;
  const onEdit = actions.onEdit;
  return (
    <>
      {onEdit && (
        <Button variant="light" mih={44} onClick={() => onEdit(row)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      <Button variant="light" color="red" mih={44} onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </>
  );
}

function EntryTable<T>({ columns, rows, rowKey, testId, buttons, minWidth }: LayoutProps<T>) {
  return (
    <PaperTable
      minWidth={minWidth ?? 560}
      verticalSpacing="sm"
      fz="md"
      data-testid={testId}
      head={
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            {buttons && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={rowKey(row)}>
          {columns.map((c) => (
            // Times, ids and amounts must not break across lines ("6:00 / AM").
            <Table.Td key={c.header} style={c.wide ? undefined : { whiteSpace: 'nowrap' }}>
              {c.cell(row)}
            </Table.Td>
          ))}
          {buttons && (
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {buttons(row)}
              </Group>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </PaperTable>
  );
}

function EntryCards<T>({ columns, rows, rowKey, testId, buttons }: LayoutProps<T>) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {rows.map((row) => {
        return (
          <Paper
            key={rowKey(row)}
            withBorder
            radius="md"
            p="sm"
            component="li"
            data-testid={testId && `${testId}-card`}
          >
            <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
              {columns.map((c) => (
                <Box key={c.header} style={c.wide ? { gridColumn: '1 / -1' } : undefined}>
                  <Text size="sm" fw={700} c="gray.7" tt="uppercase">
                    {c.header}
                  </Text>
                  <Box fz="md" style={{ overflowWrap: 'anywhere' }}>
                    {c.cell(row)}
                  </Box>
                </Box>
              ))}
            </SimpleGrid>
            {buttons && (
              <Group grow gap="xs" mt="sm">
                {buttons(row)}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** A dash for a value nobody entered. */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '-';
}

export function EmptyText({ title, hint }: { title: string; hint?: string }) {
  return (
    <>
      <Text fw={700} size="lg">
        {title}
      </Text>
      {hint && <Text c="dimmed">{hint}</Text>}
    </>
  );
}

export type EntryListProps<T extends { id: string }> = Omit<
  DataTableProps<T>,
  'rowKey' | 'empty'
> & {
  /** What the empty list says, and an optional hint of what to record. */
  emptyTitle: string;
  emptyHint?: string;
};

/** A plod part's entries: rows keyed by their id, and a titled note while there are none. */
export function EntryList<T extends { id: string }>({
  emptyTitle,
  emptyHint,
  ...props
}: EntryListProps<T>) {
  return (
    <DataTable
      {...props}
      rowKey={(row) => row.id}
      empty={<EmptyText title={emptyTitle} hint={emptyHint} />}
    />
  );
}

/**
 * A part's add button, which the add form replaces while it is open (hire tools, survey,
 * maintenance). Nothing on a read-only plod.
 */
export function InlineAdd({
  readOnly,
  adding,
  label,
  onOpen,
  form,
}: {
  readOnly: boolean;
  adding: boolean;
  label: string;
  onOpen: () => void;
  form: ReactNode;
}) {
  if (readOnly) return null;
  if (adding) return <>{form}</>;
  return (
    <Button fullWidth mb="md" onClick={onOpen}>
      {label}
    </Button>
  );
}

/** A part's add button that opens the add modal (consumables, downtime). Nothing on a read-only plod. */
export function AddButton({
  readOnly,
  label,
  onClick,
  disabled,
}: {
  readOnly: boolean;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  if (readOnly) return null;
  return (
    <Group mb="md">
      <Button onClick={onClick} disabled={disabled} style={{ flex: 1 }}>
        {label}
      </Button>
    </Group>
  );
}
