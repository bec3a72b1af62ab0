import { formatDepth, shiftTypeLabel, timeLabel, type ReportSnapshot } from '@plod/model';

/** "Site - Rig" as the report header shows it, with the SPEC's fallbacks for what is not chosen yet. */
export function siteRigLabel(report: ReportSnapshot): string {
  return `${report.shift.siteName ?? 'No site'} - ${report.shift.rigName ?? 'No rig'}`;
}

/** "2025-07-14 · Day Shift". */
export function dateShiftLabel(report: ReportSnapshot): string {
  const date = report.shift.date ?? 'No date';
  return report.shift.shiftType ? `${date} · ${shiftTypeLabel(report.shift.shiftType)}` : date;
}

/** "6:00 AM - 6:00 PM", or a dash while unset. */
export function shiftTimesLabel(report: ReportSnapshot): string {
  const { startTime, endTime } = report.shift;
  if (!startTime || !endTime) return '-';
  return `${timeLabel(startTime)} - ${timeLabel(endTime)}`;
}

/** Metres with one decimal and the unit. */
export function metres(value: number): string {
  return `${formatDepth(value)} m`;
}
