import { Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  testId?: string;
  /** Below this width the table scrolls sideways; a few short columns fit a phone as they are. */
  minWidth?: number;
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  testId,
  minWidth = 560,
}: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid={testId && `${testId}-empty`}>
        <Stack gap={4}>{empty}</Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped verticalSpacing="sm" fz="md" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  // Times, ids and amounts must not break across lines ("6:00 / AM").
                  <Table.Td key={c.header} style={{ whiteSpace: 'nowrap' }}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
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
