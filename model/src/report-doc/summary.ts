import type { ReportId } from '../ids/ids.ts';
import type { ReportCardFields } from '../reports-index/rows.ts';
import type { ReportSnapshot } from './snapshot.ts';

/** One row of a reports list (SPEC 2 report card). */
export interface ReportListItem extends ReportCardFields {
  id: ReportId | null;
  metresDrilled: number;
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
