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
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function DataTable<T>({ columns, rows, rowKey, empty, testId }: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid={testId && `${testId}-empty`}>
        <Stack gap={4}>{empty}</Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
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
                  <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
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
