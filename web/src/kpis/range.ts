import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { daysAgo, type RangeQuery } from './api';

/**
 * The site, rig and date range of the KPIs and Missing shifts pages, kept in the address so a
 * reload or a shared link shows the same numbers. Unset dates are the last `days` days.
 */
export function useRangeAddress(days: number) {
  const [params, setParams] = useSearchParams();
  const range: RangeQuery = useMemo(
    () => ({
      from: params.get('from') || daysAgo(days - 1),
      to: params.get('to') || daysAgo(0),
      siteId: params.get('siteId') || undefined,
      rigId: params.get('rigId') || undefined,
    }),
    [params, days],
  );
  const set = (patch: Partial<RangeQuery>) => {
    const next = { ...range, ...patch };
    if (patch.siteId !== undefined && patch.siteId !== range.siteId) next.rigId = undefined;
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) out.set(key, value);
    setParams(out, { replace: true });
  };
  return { range, set };
}
