import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { Rig, Site } from '@plod/model';
import type { RangeQuery } from './api';

/** Site, rig (optional) and from/to dates; a refused range's message shows under the dates. */
export function RangeFilter({
  range,
  set,
  sites,
  rigs,
  withRig,
  error,
}: {
  range: RangeQuery;
  set: (patch: Partial<RangeQuery>) => void;
  sites: readonly Site[];
  rigs: readonly Rig[];
  withRig: boolean;
  error: string | null;
}) {
  const siteRigs = rigs.filter((rig) => !range.siteId || rig.siteId === range.siteId);
  return (
    <Group align="flex-start" gap="md" mb="md" wrap="wrap" role="search" aria-label="Filter">
      <NativeSelect
        label="Site"
        value={range.siteId ?? ''}
        onChange={(e) => set({ siteId: e.currentTarget.value || undefined })}
        data={[
          { value: '', label: 'Every site' },
          ...sites.map((s) => ({ value: s.id, label: s.siteName })),
        ]}
        w={220}
      />
      {withRig && (
        <NativeSelect
          label="Rig"
          value={range.rigId ?? ''}
          onChange={(e) => set({ rigId: e.currentTarget.value || undefined })}
          data={[
            { value: '', label: 'Every rig' },
            ...siteRigs.map((r) => ({ value: r.id, label: r.rigName })),
          ]}
          w={200}
        />
      )}
      <TextInput
        type="date"
        label="From"
        value={range.from}
        onChange={(e) => set({ from: e.currentTarget.value })}
        w={170}
      />
      <TextInput
        type="date"
        label="To"
        value={range.to}
        onChange={(e) => set({ to: e.currentTarget.value })}
        error={error}
        w={170}
      />
    </Group>
  );
}
