import { Button, Group, Text } from '@mantine/core';
import type { PlodFilter } from '@plod/model';
import { filterQuery } from './filter';

/**
 * The one-row-per-plod summary of the plods the filter shows, as CSV or XLSX, made by the server
 * (supervisors only). Plain links: the browser downloads with the session it has.
 */
export function ExportButtons({ filter }: { filter: PlodFilter }) {
  const query = filterQuery(filter);
  return (
    <Group gap="xs" justify="flex-end" data-testid="summary-export" mb="md">
      <Text size="sm" c="dimmed">
        One row per plod shown:
      </Text>
      <Button
        component="a"
        href={`/api/shift-summaries/export.csv${query}`}
        download
        variant="light"
      >
        Export CSV
      </Button>
      <Button
        component="a"
        href={`/api/shift-summaries/export.xlsx${query}`}
        download
        variant="light"
      >
        Export XLSX
      </Button>
    </Group>
  );
}
