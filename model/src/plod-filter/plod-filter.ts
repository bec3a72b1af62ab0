import { REPORT_STATUSES, type ReportStatus } from '../kernel/status.ts';

/**
 * Which plods a list, an export or a REST call is about: a shift-date range, a site, a rig, a
 * driller and a set of statuses. Every field is optional; fields combine (AND), statuses are any
 * of (OR). The same filter is kept in a screen's address, sent to the server, and applied by the
 * server's SQL and by the screens to the reports index, so a shared link and an export agree.
 * Zod-free: the reports list (the first screen) reads it.
 */
export interface PlodFilter {
  /** Shift date on or after (YYYY-MM-DD). */
  from?: string;
  /** Shift date on or before (YYYY-MM-DD). */
  to?: string;
  siteId?: string;
  rigId?: string;
  /** The plod's operator (the primary driller, or the name typed over it), any case and spacing. */
  driller?: string;
  statuses?: ReportStatus[];
}

export const FILTER_DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD';
export const FILTER_RANGE_MESSAGE = 'The start date is after the end date';

/** The query parameters of a filter (REST and a screen's address); status is a comma list. */
export const PLOD_FILTER_PARAMS = ['from', 'to', 'siteId', 'rigId', 'driller', 'status'] as const;
export type PlodFilterParam = (typeof PLOD_FILTER_PARAMS)[number];

/** True for a YYYY-MM-DD string naming a day that exists (2026-02-30 does not). */
export function isRealIsoDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export interface ParsedPlodFilter {
  filter: PlodFilter;
  /** A message per refused parameter; empty when the filter is good. */
  errors: Partial<Record<PlodFilterParam, string>>;
}

const MAX_TEXT = 200;

/**
 * Reads a filter from query parameters, strictly: a date that is not a real YYYY-MM-DD day, an
 * unknown status, a range that ends before it starts or an over-long value is refused with a
 * message for that parameter (the rest still parse). Zod-free, so the reports list can use it.
 */
export function parsePlodFilter(
  get: (name: PlodFilterParam) => string | null | undefined,
): ParsedPlodFilter {
  const filter: PlodFilter = {};
  const errors: ParsedPlodFilter['errors'] = {};
  for (const name of ['from', 'to'] as const) {
    const value = get(name)?.trim();
    if (!value) continue;
    if (isRealIsoDay(value)) filter[name] = value;
    else errors[name] = FILTER_DATE_MESSAGE;
  }
  if (filter.from && filter.to && filter.from > filter.to) errors.to = FILTER_RANGE_MESSAGE;
  for (const name of ['siteId', 'rigId', 'driller'] as const) {
    const value = get(name)?.trim();
    if (!value) continue;
    if (value.length > MAX_TEXT) errors[name] = `At most ${MAX_TEXT} characters`;
    else filter[name] = value;
  }
  const statuses = (get('status') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const unknown = statuses.find((part) => !(REPORT_STATUSES as readonly string[]).includes(part));
  if (unknown !== undefined) {
    errors.status = `Unknown status "${unknown}" (expected ${REPORT_STATUSES.join(', ')})`;
  } else if (statuses.length > 0) {
    filter.statuses = [...new Set(statuses as ReportStatus[])];
  }
  return { filter, errors };
}

/** The filter as query parameters, in a fixed order (so equal filters give equal addresses). */
export function plodFilterParams(filter: PlodFilter): [string, string][] {
  const params: [string, string][] = [];
  if (filter.from) params.push(['from', filter.from]);
  if (filter.to) params.push(['to', filter.to]);
  if (filter.siteId) params.push(['siteId', filter.siteId]);
  if (filter.rigId) params.push(['rigId', filter.rigId]);
  if (filter.driller) params.push(['driller', filter.driller]);
  if (filter.statuses && filter.statuses.length > 0) {
    params.push(['status', filter.statuses.join(',')]);
  }
  return params;
}

/** A driller's name as compared: spaces collapsed, any case ("  ann  LEE" is "ann lee"). */
export function drillerKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The fields of a listed plod the filter reads. */
export interface FilterablePlod {
  status: ReportStatus;
  date: string | null;
  siteId: string | null;
  rigId: string | null;
  operator: string | null;
}

/** True when the plod passes the filter (a plod with no date never passes a date bound). */
export function matchesPlodFilter(plod: FilterablePlod, filter: PlodFilter): boolean {
  if (filter.statuses && filter.statuses.length > 0 && !filter.statuses.includes(plod.status))
    return false;
  if (filter.from && (plod.date === null || plod.date < filter.from)) return false;
  if (filter.to && (plod.date === null || plod.date > filter.to)) return false;
  if (filter.siteId && plod.siteId !== filter.siteId) return false;
  if (filter.rigId && plod.rigId !== filter.rigId) return false;
  if (filter.driller) {
    if (plod.operator === null || drillerKey(plod.operator) !== drillerKey(filter.driller))
      return false;
  }
  return true;
}

/** True when the filter narrows nothing. */
export function isEmptyFilter(filter: PlodFilter): boolean {
  return plodFilterParams(filter).length === 0;
}

/**
 * A day as a person types it into a date field: YYYY-MM-DD (also with / or .), or the app's
 * month/day/year (SPEC 9, en-US). Null when it names no real day.
 */
export function parseTypedDay(text: string): string | null {
  const typed = text.trim();
  const pad = (n: string) => n.padStart(2, '0');
  let day: string | null = null;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed);
  const us = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(typed);
  if (iso?.[1] && iso[2] && iso[3]) day = `${iso[1]}-${pad(iso[2])}-${pad(iso[3])}`;
  else if (us?.[1] && us[2] && us[3]) day = `${us[3]}-${pad(us[1])}-${pad(us[2])}`;
  return day !== null && isRealIsoDay(day) ? day : null;
}
