import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { SheetTable as Sheet } from '@plod/model';

export interface SheetTableProps {
  table: Sheet;
  /** Phones get one card per row; desks (and paper) a table. */
  asCards: boolean;
  testId: string;
}

/** One table of the plod sheet: a real table on a desk and on paper, cards on a phone. */
export function SheetTable({ table, asCards, testId }: SheetTableProps) {
  if (table.rows.length === 0) {
    return (
      <Text c="dimmed" data-testid={`${testId}-empty`}>
        {table.empty}
      </Text>
    );
  }
  const totals = table.totals && (
    <Text fw={700} mt="xs" data-testid={`${testId}-totals`}>
      {table.totals}
    </Text>
  );
  if (asCards) {
    return (
      <Stack gap="xs" data-testid={testId}>
        {table.rows.map((row, r) => (
          <Card key={r} withBorder padding="sm" data-testid={`${testId}-row`}>
            {/* Three to a line when there are many columns (runs, survey), so a card stays short. */}
            <SimpleGrid cols={table.columns.length > 5 ? 3 : 2} spacing={4} verticalSpacing={4}>
              {table.columns.map((column, c) => (
                <Stack key={column.header} gap={0}>
                  <Text size="sm" c="dimmed">
                    {column.header}
                  </Text>
                  <Text size="md" fw={c === 0 ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                    {row[c] || '—'}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
        ))}
        {totals}
      </Stack>
    );
  }
  return (
    <div>
      <Table
        striped
        withTableBorder
        verticalSpacing={6}
        fz="sm"
        className="plod-table"
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th key={column.header} ta={column.numeric ? 'right' : 'left'}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, r) => (
            <Table.Tr key={r} data-testid={`${testId}-row`}>
              {table.columns.map((column, c) => (
                <Table.Td
                  key={column.header}
                  ta={column.numeric ? 'right' : 'left'}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {row[c]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {totals}
    </div>
  );
}
