import {
  PLOD_FILTER_PARAMS,
  matchesPlodFilter,
  parsePlodFilter,
  plodFilterParams,
  type ParsedPlodFilter,
  type PlodFilter,
  type ReportsIndexRow,
} from '@plod/model';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Plods on one page of a list. */
export const PAGE_SIZE = 25;

export interface PlodListAddress extends ParsedPlodFilter {
  /** 1-based page. */
  page: number;
  /** Another parameter of the address (a tab), or null. */
  param: (name: string) => string | null;
  /** Replaces the filter (back to page 1), keeping other parameters. */
  setFilter: (filter: PlodFilter) => void;
  /**
   * Changes some of the filter's fields (undefined removes one), on top of the address as last
   * changed: two changes in quick succession both hold, even before the screen shows the first.
   */
  patchFilter: (patch: Partial<PlodFilter>) => void;
  setPage: (page: number) => void;
  /** Sets another parameter (null removes it), back to page 1. */
  setParam: (name: string, value: string | null) => void;
}

/**
 * The addresses a screen wrote, oldest first, until the router shows them. A change is made on top
 * of the last one written, not the one on screen: the router may show the first of two quick
 * changes (Clear filters, then a driller picked) in a render of its own, and a tap on that render
 * (Page 2) must still keep the second. An address the screen never wrote (Back, a link) drops them.
 */
export class PendingWrites {
  private pending: string[] = [];

  /** What the next change starts from: the last address written, else the one shown. */
  base(shown: URLSearchParams): URLSearchParams {
    return new URLSearchParams(this.pending.at(-1) ?? shown);
  }

  wrote(next: URLSearchParams): void {
    this.pending.push(next.toString());
  }

  /** The router shows `params`: that write and the ones before it are done. */
  shown(params: URLSearchParams): void {
    const at = this.pending.lastIndexOf(params.toString());
    this.pending = at === -1 ? [] : this.pending.slice(at + 1);
  }
}

/**
 * A list's filter and page, kept in the screen's address: a reload and a shared link show the same
 * plods. Parameters the model refuses (a day that does not exist) stay in the address, each with
 * its message for the field, and filter nothing.
 */
export function usePlodListAddress(): PlodListAddress {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parsePlodFilter((name) => params.get(name)), [params]);
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  // The addresses this screen wrote that the router has not shown yet: react-router hands a change
  // the parameters of the last render, so a second change before the next render would undo the
  // first (Clear filters, then a driller picked at once, brought the cleared dates back).
  const writes = useRef(new PendingWrites());
  useEffect(() => writes.current.shown(params), [params]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = writes.current.base(params);
      edit(next);
      writes.current.wrote(next);
      setParams(next, { replace: false });
    },
    [params, setParams],
  );
  const writeFilter = (next: URLSearchParams, filter: PlodFilter) => {
    for (const name of [...PLOD_FILTER_PARAMS, 'page']) next.delete(name);
    for (const [name, value] of plodFilterParams(filter)) next.set(name, value);
  };
  return {
    ...parsed,
    page,
    param: (name) => params.get(name),
    setFilter: (filter) => change((next) => writeFilter(next, filter)),
    patchFilter: (patch) =>
      change((next) => {
        const { filter } = parsePlodFilter((name) => next.get(name));
        const merged = Object.fromEntries(
          Object.entries({ ...filter, ...patch }).filter(([, value]) => value !== undefined),
        ) as PlodFilter;
        writeFilter(next, merged);
      }),
    setPage: (to) =>
      change((next) => {
        if (to <= 1) next.delete('page');
        else next.set('page', String(to));
      }),
    setParam: (name, value) =>
      change((next) => {
        next.delete('page');
        if (value === null) next.delete(name);
        else next.set(name, value);
      }),
  };
}

/** The rows the filter lets through, in the order given. */
export function filterPlods(
  rows: readonly ReportsIndexRow[],
  filter: PlodFilter,
): ReportsIndexRow[] {
  return rows.filter((row) => matchesPlodFilter(row, filter));
}

export interface Paged<T> {
  rows: T[];
  /** The page shown (the last one when the address asks for a page past the end). */
  page: number;
  pages: number;
  total: number;
  /** 1-based positions of the first and last row shown (0 and 0 when none). */
  first: number;
  last: number;
}

/** One page of rows. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Paged<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, page), pages);
  const start = (shown - 1) * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: shown,
    pages,
    total: rows.length,
    first: slice.length > 0 ? start + 1 : 0,
    last: start + slice.length,
  };
}

/** A filter's query string for the REST exports (`?from=...`), empty without one. */
export function filterQuery(filter: PlodFilter): string {
  const params = new URLSearchParams(plodFilterParams(filter));
  const text = params.toString();
  return text ? `?${text}` : '';
}
