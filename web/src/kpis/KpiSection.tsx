import { BarChart } from '@mantine/charts';
import { Box, Paper, ScrollArea, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface KpiColumn<T> {
  label: string;
  value: (row: T) => string;
  numeric?: boolean;
}

/**
 * One KPI: a bar chart beside a table of the same numbers. The chart is a picture of the table
 * (hidden from screen readers, which read the table), so nothing is said twice.
 */
export function KpiSection<T>({
  title,
  rows,
  columns,
  chart,
  empty = 'Nothing in this range',
  testId,
}: {
  title: string;
  rows: readonly T[];
  columns: readonly KpiColumn<T>[];
  chart: {
    dataKey: string;
    series: { name: string; label: string };
    data: Record<string, string | number>[];
  } | null;
  empty?: string;
  testId: string;
}): ReactNode {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${testId}-title`}>
      <Title order={2} size="h4" mb="sm" id={`${testId}-title`}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={chart ? { base: 1, md: 2 } : 1} spacing="lg">
          {chart && (
            <Box aria-hidden="true">
              <BarChart
                h={240}
                data={chart.data}
                dataKey={chart.dataKey}
                series={[{ name: chart.series.name, label: chart.series.label, color: 'blue.6' }]}
                barChartProps={{ accessibilityLayer: false }}
                tickLine="y"
              />
            </Box>
          )}
          <ScrollArea.Autosize mah={260} type="auto">
            <Table striped highlightOnHover data-testid={testId} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                      {c.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {columns.map((c) => (
                      <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                        {c.value(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </SimpleGrid>
      )}
    </Paper>
  );
}
