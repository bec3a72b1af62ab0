import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useSetupSnapshot } from '../setup/useSetupEditor';
import type { RangeQuery } from './api';
import { RangeFilter } from './RangeFilter';
import { useRangeAddress } from './range';
import { useFetched } from './useFetched';

/**
 * A supervisor's screen of figures over a range of days (KPIs, missing shifts): the title, the
 * range filter kept in the address, then the figures the server answers for it, or a line while
 * they load or when there are none.
 */
export function RangeScreen<T>({
  title,
  subtitle,
  days,
  withRig,
  fetch,
  noData,
  loading,
  children,
}: {
  title: string;
  subtitle: string;
  /** The range's first length in days. */
  days: number;
  /** Whether the filter picks a rig too. */
  withRig: boolean;
  fetch: (range: RangeQuery) => Promise<T>;
  /** What the screen says when the server gives nothing for the range, and while it loads. */
  noData: string;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  const setup = useSetupSnapshot();
  const { range, set } = useRangeAddress(days);
  // Only what the filter picks names the answer (no rig where it picks none).
  const key = JSON.stringify(withRig ? range : { ...range, rigId: undefined });
  const { data, error } = useFetched(key, () => fetch(range));
  return (
    <>
      <ScreenHeader title={title} subtitle={subtitle} />
      <RangeFilter
        range={range}
        set={set}
        sites={setup.sites}
        rigs={setup.rigs}
        withRig={withRig}
        error={error}
      />
      {data === null ? (
        <Text c="dimmed" py="xl" ta="center">
          {error ? noData : loading}
        </Text>
      ) : (
        <Stack gap="md">{children(data)}</Stack>
      )}
    </>
  );
}
