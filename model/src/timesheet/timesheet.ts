import { z } from 'zod';
import { DEFAULT_TIMESHEET_ACTIVITY, TIMESHEET_DAILY_CAP_HOURS } from '../constants/constants.ts';
import type { HoleId, TimesheetEntryId } from '../ids/ids.ts';
import { formatHours } from '../format/format.ts';
import { optionalText, roundTo } from '../format/numbers.ts';
import { crossesMidnight, hoursBetween } from '../shift/time.ts';
import { timeOfDaySchema } from '../shift/time-schemas.ts';

export const TIMESHEET_ACTIVITIES = [
  'drilling',
  'setup',
  'maintenance',
  'travel',
  'break',
  'other',
] as const;
export const timesheetActivitySchema = z.enum(TIMESHEET_ACTIVITIES);
export type TimesheetActivity = z.infer<typeof timesheetActivitySchema>;

/** Shown when the merged timesheet passes the daily cap (data is kept, never trimmed). */
export const TIMESHEET_OVER_CAP_MESSAGE = `Timesheet total exceeds the ${TIMESHEET_DAILY_CAP_HOURS}-hour daily limit`;

/** A timesheet row as stored: hours are derived from start and end. */
export interface StoredTimesheetEntry {
  id: TimesheetEntryId;
  holeId: HoleId | null;
  activity: TimesheetActivity;
  startTime: string;
  endTime: string;
  notes: string | null;
  createdAt: string | null;
}

/** A timesheet row with its hours. */
export interface TimesheetEntry extends StoredTimesheetEntry {
  hours: number;
}

const holeLabel = optionalText.transform((v) => v as HoleId | null);

/** POST /api/timesheet-entries; a sent `hours` is ignored and derived from the times. */
export const timesheetEntryInputSchema = z.object({
  holeId: holeLabel,
  activity: timesheetActivitySchema.default(DEFAULT_TIMESHEET_ACTIVITY),
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
  notes: optionalText,
  hours: z.unknown().optional(),
});
export type TimesheetEntryInput = z.infer<typeof timesheetEntryInputSchema>;

/** Patch of a timesheet row. */
export const timesheetEntryPatchSchema = z.object({
  holeId: holeLabel.optional(),
  activity: timesheetActivitySchema.optional(),
  startTime: timeOfDaySchema.optional(),
  endTime: timeOfDaySchema.optional(),
  notes: optionalText.optional(),
});
export type TimesheetEntryPatch = z.infer<typeof timesheetEntryPatchSchema>;

/** Hours of a row: start to end, an end before the start being the next day (22:00 -> 02:00 = 4 h). */
export function entryHours(entry: Pick<StoredTimesheetEntry, 'startTime' | 'endTime'>): number {
  return roundTo(hoursBetween(entry.startTime, entry.endTime), 2);
}

/** Why an entry's hours need the crew's word before it is saved: none, or over a day's cap. */
export type EntryHoursConcern = 'zero' | 'over-cap';

/**
 * 0 h (start equals end) and more than the daily cap (14:00 -> 13:00 is 23 h) are almost always a
 * wrong pick in the time list, but both can be true (a 24-hour callout is not; a 0 h placeholder
 * is), so they are confirmed, not refused. Null when the hours need no confirmation.
 */
export function entryHoursConcern(hours: number): EntryHoursConcern | null {
  if (hours === 0) return 'zero';
  if (hours > TIMESHEET_DAILY_CAP_HOURS) return 'over-cap';
  return null;
}

/** The question a screen asks before saving an entry with such hours. */
export function entryHoursQuestion(
  entry: Pick<StoredTimesheetEntry, 'startTime' | 'endTime'>,
): string | null {
  const hours = entryHours(entry);
  const concern = entryHoursConcern(hours);
  if (concern === 'zero')
    return 'This entry starts and ends at the same time: 0.0 hours. Save it anyway?';
  if (concern === 'over-cap') {
    const nextDay = crossesMidnight(entry.startTime, entry.endTime) ? ', ending the next day' : '';
    return `This entry is ${formatHours(hours)} hours${nextDay}, more than the ${TIMESHEET_DAILY_CAP_HOURS}-hour daily limit. Save it anyway?`;
  }
  return null;
}

export interface TimesheetTotals {
  totalHours: number;
  /** 12 minus total, floored at 0. */
  remainingHours: number;
  overCap: boolean;
}

/** Total, remaining and whether the 12-hour cap is passed. */
export function timesheetTotals(
  entries: readonly Pick<StoredTimesheetEntry, 'startTime' | 'endTime'>[],
): TimesheetTotals {
  const totalHours = roundTo(
    entries.reduce((sum, e) => sum + entryHours(e), 0),
    2,
  );
  return {
    totalHours,
    remainingHours: roundTo(Math.max(0, TIMESHEET_DAILY_CAP_HOURS - totalHours), 2),
    overCap: totalHours > TIMESHEET_DAILY_CAP_HOURS,
  };
}

/** Timesheet validation messages (the over-cap message after a merge). */
export function validateTimesheet(
  entries: readonly Pick<StoredTimesheetEntry, 'startTime' | 'endTime'>[],
): string[] {
  return timesheetTotals(entries).overCap ? [TIMESHEET_OVER_CAP_MESSAGE] : [];
}
