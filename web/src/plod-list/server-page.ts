import { type PlodFilter, type ReportStatus, type ReportsIndexRow } from '@plod/model';
import { useEffect, useState } from 'react';
import { apiFetch } from '../auth';
import { PAGE_SIZE, filterQuery, type Paged } from './filter';
import { rowOf } from './row-of';

/** The plods of one status a filter lets through (GET /api/shift-summaries/totals). */
export interface StatusTotals {
  status: ReportStatus;
  count: number;
  metres: number;
  hours: number;
}

/** One page of a list as the server has it, with the totals the screen shows beside it. */
export interface ServerPlods {
  paged: Paged<ReportsIndexRow>;
  /** Per status, for `totals` (the list's filter, or the same without its statuses for tab counts). */
  statuses: StatusTotals[];
}

export interface ServerPlodsQuery {
  /** The plods the page lists. */
  list: PlodFilter;
  /** The plods the totals count. */
  totals: PlodFilter;
  /** 1-based; past the end means the last page. */
  page: number;
}

async function fetchPage(filter: PlodFilter, page: number, signal: AbortSignal) {
  const query = filterQuery(filter);
  const offset = (page - 1) * PAGE_SIZE;
  const path = `/api/shift-summaries${query || '?'}${query ? '&' : ''}limit=${PAGE_SIZE}&offset=${offset}`;
  const response = await apiFetch(path, { signal });
  const items = (await response.json()) as Record<string, unknown>[];
  const rows = items.map(rowOf).filter((row): row is ReportsIndexRow => row !== null);
  return { rows, total: Number(response.headers.get('X-Total-Count') ?? rows.length) };
}

async function fetchTotals(filter: PlodFilter, signal: AbortSignal): Promise<StatusTotals[]> {
  const response = await apiFetch(`/api/shift-summaries/totals${filterQuery(filter)}`, { signal });
  return ((await response.json()) as { statuses: StatusTotals[] }).statuses;
}

async function fetchServerPlods(query: ServerPlodsQuery, signal: AbortSignal) {
  let page = Math.max(1, query.page);
  const [firstFound, statuses] = await Promise.all([
    fetchPage(query.list, page, signal),
    fetchTotals(query.totals, signal),
  ]);
  let found = firstFound;
  const pages = Math.max(1, Math.ceil(found.total / PAGE_SIZE));
  // An address past the last page shows the last page, as the list does from the index.
  if (page > pages) {
    page = pages;
    found = await fetchPage(query.list, page, signal);
  }
  const first = (page - 1) * PAGE_SIZE;
  const paged: Paged<ReportsIndexRow> = {
    rows: found.rows,
    page,
    pages,
    total: found.total,
    first: found.rows.length > 0 ? first + 1 : 0,
    last: first + found.rows.length,
  };
  return { paged, statuses };
}

export type ServerPlodsState =
  | { kind: 'off' }
  | { kind: 'loading'; last: ServerPlods | null }
  | { kind: 'shown'; plods: ServerPlods }
  | { kind: 'failed' };

/**
 * While `active`, one page of the list and its totals from the server's filtered REST list: a
 * page of 25 plods, fast however many plods there are, so the list paints before the reports
 * index (every plod, for live changes and offline use) has reached the screen. Refetched when the
 * filter or page changes; 'failed' when the server cannot be reached (offline, signed out).
 */
export function useServerPlods(query: ServerPlodsQuery, active: boolean): ServerPlodsState {
  // The key is the query itself, so the request is made again exactly when it changes.
  const key = active ? JSON.stringify(query) : null;
  const [state, setState] = useState<{ key: string | null; value: ServerPlodsState }>({
    key: null,
    value: { kind: 'off' },
  });
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    fetchServerPlods(JSON.parse(key) as ServerPlodsQuery, abort.signal).then(
      (plods) => setState({ key, value: { kind: 'shown', plods } }),
      () => {
        if (!abort.signal.aborted) setState({ key, value: { kind: 'failed' } });
      },
    );
    return () => abort.abort();
  }, [key]);
  if (key === null) return { kind: 'off' };
  if (state.key === key) return state.value;
  // A new filter or page is on its way: the last one shows meanwhile.
  return { kind: 'loading', last: state.value.kind === 'shown' ? state.value.plods : null };
}
