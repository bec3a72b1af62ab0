import type { ReportId } from '../ids/ids.ts';
import type { ShiftType } from '../shift/time.ts';
import type { ReportStatus } from '../shift-summary/shift-summary.ts';
import type { ReportSnapshot } from './snapshot.ts';

/** One row of a reports list (SPEC 2 report card). */
export interface ReportListItem {
  id: ReportId | null;
  status: ReportStatus;
  siteId: string | null;
  rigId: string | null;
  site: string | null;
  rig: string | null;
  date: string | null;
  shiftType: ShiftType | null;
  operator: string | null;
  metresDrilled: number;
  hours: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface NameLookup {
  siteName?: (siteId: string) => string | null | undefined;
  rigName?: (rigId: string) => string | null | undefined;
}

/** The list-view summary of a report; names come from the lookup (setup document) or the stored names. */
export function reportSummary(snapshot: ReportSnapshot, names: NameLookup = {}): ReportListItem {
  const { shift, summary } = snapshot;
  return {
    id: snapshot.id,
    status: snapshot.status,
    siteId: shift.siteId,
    rigId: shift.rigId,
    site:
      snapshot.overrides.siteName ??
      ((shift.siteId && names.siteName?.(shift.siteId)) || shift.siteName),
    rig:
      snapshot.overrides.rigName ??
      ((shift.rigId && names.rigName?.(shift.rigId)) || shift.rigName),
    date: shift.date,
    shiftType: shift.shiftType,
    operator: summary.operator,
    metresDrilled: summary.totalDepthDrilled,
    hours: summary.hoursWorked,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
  };
}
