import type { ReportSnapshot } from '@plod/model';

/**
 * Where the next time entry most likely starts: where the latest-added entry ended (the day is
 * entered in order), else at the shift's start. Undefined when neither is known.
 */
export function nextEntryStart(
  report: Pick<ReportSnapshot, 'timesheet' | 'shift'>,
): string | undefined {
  const last = report.timesheet.at(-1);
  return last?.endTime || report.shift.startTime || undefined;
}
