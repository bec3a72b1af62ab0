import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { parsePlodFilter, type PlodFilter } from '@plod/model';
import { useState } from 'react';
import { filterQuery } from './filter';

/**
 * People's hours for a pay period (payroll): one row per person per shift and each person's totals,
 * as CSV or XLSX, made by the server (supervisors only). The period starts as the list's dates and
 * the site as the list's site; both days are needed.
 */
export function PeopleHoursExport({ filter }: { filter: PlodFilter }) {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const { filter: period, errors } = parsePlodFilter((name) =>
    name === 'from' ? from : name === 'to' ? to : undefined,
  );
  const ready = period.from !== undefined && period.to !== undefined && !errors.to;
  const query = filterQuery({ from: period.from, to: period.to, siteId: filter.siteId });
  const link = (format: 'csv' | 'xlsx') => (
    <Button
      component="a"
      href={ready ? `/api/people-hours.${format}${query}` : undefined}
      download
      disabled={!ready}
      style={{ flex: 1 }}
    >
      Download {format.toUpperCase()}
    </Button>
  );
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        People’s hours
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="People’s hours for a pay period"
        centered
        size="lg"
      >
        <Stack gap="md" data-testid="people-hours-export">
          <Text size="md">
            One row per person per shift, then each person’s total hours, travel and paid hours
            {filter.siteId ? ', for the site the list shows' : ''}.
          </Text>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              error={errors.from}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={errors.to}
            />
          </Group>
          <Group wrap="nowrap">
            {link('csv')}
            {link('xlsx')}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
