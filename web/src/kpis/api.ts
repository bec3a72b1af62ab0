import type { Kpis } from '@plod/model';
import { apiJson } from '../auth';

export interface GapShift {
  siteId: string;
  siteName: string | null;
  rigId: string;
  rigName: string | null;
  date: string;
  shiftType: 'day' | 'night';
}

export interface ShiftGaps {
  from: string;
  to: string;
  lateAfterHours: number;
  missing: GapShift[];
  late: (GapShift & { id: string; submittedAt: string; hoursLate: number })[];
}

/** The filter both pages keep in the address. */
export interface RangeQuery {
  from: string;
  to: string;
  siteId?: string;
  rigId?: string;
}

function query(q: RangeQuery): string {
  const params = new URLSearchParams({ from: q.from, to: q.to });
  if (q.siteId) params.set('siteId', q.siteId);
  if (q.rigId) params.set('rigId', q.rigId);
  return params.toString();
}

export function fetchKpis(q: RangeQuery): Promise<Kpis> {
  return apiJson<Kpis>(`/api/kpis?${query(q)}`);
}

export function fetchShiftGaps(q: RangeQuery): Promise<ShiftGaps> {
  return apiJson<ShiftGaps>(`/api/shift-gaps?${query({ ...q, rigId: undefined })}`);
}

/** A local calendar date `days` before today, YYYY-MM-DD. */
export function daysAgo(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
