import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { STATUS_WORDS, drillerKey, type PlodFilter, type ReportStatus } from '@plod/model';
import { DateField } from './DateField';
import type { PlodListAddress } from './filter';
import type { FilterOptions } from './options';

import { useWide } from '../lib/useWide';

const ANY = '';

export interface FilterBarProps {
  address: PlodListAddress;
  options: FilterOptions;
  /** The statuses offered (a list tab's statuses); no status choice with fewer than two. */
  statuses: readonly ReportStatus[];
  /** On a phone, start with the fields shown (the person just asked for them). */
  initiallyOpen?: boolean;
  /** What the list shows with no status ticked. */
  noneTicked: string;
}

/**
 * Date range, site, rig, driller and status: each change goes into the address at once (so Back,
 * a reload and a shared link keep it); Clear filters empties them.
 */
export function FilterBar(props: FilterBarProps) {
  const wide = useWide();
  const [open, setOpen] = useState(props.initiallyOpen === true);
  const { filter, errors } = props.address;
  const on = Object.keys(filter).length;
  // A phone shows the list first: the fields open on request (or when the address holds a bad one).
  if (!wide && !open && Object.keys(errors).length === 0) {
    return (
      <Button
        variant={on > 0 ? 'light' : 'default'}
        fullWidth
        mb="md"
        onClick={() => setOpen(true)}
      >
        {on > 0 ? `Filters (${on} on)` : 'Filter plods'}
      </Button>
    );
  }
  return <FilterFields {...props} onClose={wide ? undefined : () => setOpen(false)} />;
}

function FilterFields({
  address,
  options,
  statuses,
  noneTicked,
  onClose,
}: FilterBarProps & { onClose?: () => void }) {
  const { filter, errors } = address;
  const set = (patch: Partial<PlodFilter>) => address.patchFilter(patch);
  const fromText = filter.from ?? address.param('from') ?? '';
  const toText = filter.to ?? address.param('to') ?? '';
  // Only value and label: Mantine puts any other field of an item on its <option>.
  const rigs = options.rigs
    .filter((rig) => !filter.siteId || rig.siteId === filter.siteId)
    .map(({ value, label }) => ({ value, label }));
  const driller = filter.driller
    ? (options.drillers.find((d) => drillerKey(d.value) === drillerKey(filter.driller ?? ''))
        ?.value ?? filter.driller)
    : ANY;
  const drillers =
    driller !== ANY && !options.drillers.some((d) => d.value === driller)
      ? [...options.drillers, { value: driller, label: driller }]
      : options.drillers;
  const active = Object.keys(filter).length > 0 || Object.keys(errors).length > 0;
  return (
    <Stack gap="sm" component="section" aria-label="Filters" data-testid="plod-filters" mb="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <DateField
          key={`from-${fromText}`}
          label="From"
          value={fromText}
          error={errors.from}
          onChange={(day) => set({ from: day ?? undefined })}
        />
        <DateField
          key={`to-${toText}`}
          label="To"
          value={toText}
          error={errors.to}
          onChange={(day) => set({ to: day ?? undefined })}
        />
        <NativeSelect
          label="Site"
          value={filter.siteId ?? ANY}
          data={[{ value: ANY, label: 'All sites' }, ...options.sites]}
          onChange={(event) =>
            set({ siteId: event.currentTarget.value || undefined, rigId: undefined })
          }
        />
        <NativeSelect
          label="Rig"
          value={filter.rigId ?? ANY}
          data={[{ value: ANY, label: 'All rigs' }, ...rigs]}
          onChange={(event) => set({ rigId: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Driller"
          value={driller}
          data={[{ value: ANY, label: 'All drillers' }, ...drillers]}
          onChange={(event) => set({ driller: event.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" gap="sm">
        {statuses.length > 1 ? (
          <Checkbox.Group
            label="Status"
            value={filter.statuses ?? []}
            error={errors.status}
            onChange={(chosen) =>
              set({ statuses: chosen.length > 0 ? (chosen as ReportStatus[]) : undefined })
            }
          >
            <Group gap="md" mt={4}>
              {statuses.map((status) => (
                <Checkbox key={status} value={status} label={STATUS_WORDS[status]} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <span />
        )}
        <Group gap="xs">
          {active && (
            <Button variant="default" onClick={() => address.setFilter({})}>
              Clear filters
            </Button>
          )}
          {onClose && (
            <Button variant="subtle" onClick={onClose}>
              Hide filters
            </Button>
          )}
        </Group>
      </Group>
      {statuses.length > 1 && (filter.statuses?.length ?? 0) === 0 && (
        <Text size="sm" c="dimmed">
          No status ticked: {noneTicked}.
        </Text>
      )}
    </Stack>
  );
}
