import {
  REPORT_STATUSES,
  STATUS_WORDS,
  formatClock,
  formatUsDate,
  type ReportStatus,
  type ReportsIndexRow,
} from '@plod/model';

/** The status filter: every report still in play (not deleted), or one status. */
export type StatusFilter = 'current' | ReportStatus;

export const STATUS_FILTERS: readonly StatusFilter[] = ['current', ...REPORT_STATUSES];

/** The status filter's words: "All", then each status as people read it. */
export const STATUS_LABEL: Readonly<Record<StatusFilter, string>> = {
  current: 'All',
  ...STATUS_WORDS,
};

/** Reports with no site chosen yet are grouped under this name. */
export const NO_SITE = 'No site';

export interface LiveFilter {
  /** A site name, or null for every site. */
  site: string | null;
  status: StatusFilter;
}

export interface Totals {
  count: number;
  metres: number;
  hours: number;
}

export interface SiteGroup extends Totals {
  site: string;
  rows: ReportsIndexRow[];
}

export function siteOf(row: ReportsIndexRow): string {
  return row.site?.trim() || NO_SITE;
}

export function matchesStatus(row: ReportsIndexRow, status: StatusFilter): boolean {
  return status === 'current' ? row.status !== 'deleted' : row.status === status;
}

/** The rows the filter lets through, in the order given. */
export function filterRows(
  rows: readonly ReportsIndexRow[],
  filter: LiveFilter,
): ReportsIndexRow[] {
  return rows.filter(
    (row) =>
      matchesStatus(row, filter.status) && (filter.site === null || siteOf(row) === filter.site),
  );
}

export function totalsOf(rows: readonly ReportsIndexRow[]): Totals {
  return rows.reduce<Totals>(
    (sum, row) => ({
      count: sum.count + 1,
      metres: sum.metres + row.metres,
      hours: sum.hours + row.hours,
    }),
    { count: 0, metres: 0, hours: 0 },
  );
}

/** Rows by site, sites in name order (reports with no site last), each with its totals. */
export function groupBySite(rows: readonly ReportsIndexRow[]): SiteGroup[] {
  const bySite = new Map<string, ReportsIndexRow[]>();
  for (const row of rows) {
    const site = siteOf(row);
    const list = bySite.get(site);
    if (list) list.push(row);
    else bySite.set(site, [row]);
  }
  return [...bySite.entries()]
    .sort(([a], [b]) => (a === NO_SITE ? 1 : b === NO_SITE ? -1 : a.localeCompare(b)))
    .map(([site, siteRows]) => ({ site, rows: siteRows, ...totalsOf(siteRows) }));
}

/** How many rows each status filter would show. */
export function statusCounts(rows: readonly ReportsIndexRow[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = {
    current: 0,
    active: 0,
    completed: 0,
    sent: 0,
    approved: 0,
    returned: 0,
    deleted: 0,
  };
  for (const row of rows) {
    counts[row.status] += 1;
    if (row.status !== 'deleted') counts.current += 1;
  }
  return counts;
}

/** A server time for people: en-US date and 24-hour time with seconds (SPEC 9), or a dash. */
export function formatStamp(value: string | number | null): string {
  if (value === null) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatUsDate(date)} ${formatClock(date)}`;
}

/** True when the row changed within the last `withinMs` before `now`. */
export function changedRecently(row: ReportsIndexRow, now: number, withinMs = 60_000): boolean {
  if (!row.updatedAt) return false;
  const at = Date.parse(row.updatedAt);
  return Number.isFinite(at) && now - at >= -5_000 && now - at <= withinMs;
}
