import { z } from 'zod';
import { DEFAULT_TIMESHEET_ACTIVITY, TIMESHEET_DAILY_CAP_HOURS } from '../constants/constants.ts';
import type { HoleId, TimesheetEntryId } from '../ids/ids.ts';
import { optionalText, roundTo } from '../format/numbers.ts';
import { hoursBetween, timeOfDaySchema } from '../shift/time.ts';

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

/** Hours of a row: end minus start, floored at 0. */
export function entryHours(entry: Pick<StoredTimesheetEntry, 'startTime' | 'endTime'>): number {
  return roundTo(hoursBetween(entry.startTime, entry.endTime), 2);
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
