import {
  DEFAULT_SHIFT_END_TIME,
  DEFAULT_SHIFT_START_TIME,
  TIME_OPTION_STEP_MINUTES,
} from '../constants/constants.ts';
import type { ShiftType } from './shift-type.ts';

// Zod-free on purpose: the reports list (the web app's first screen) gives a new plod its default
// times from here and must not pull zod into its bundle. The schemas are in time-schemas.ts.

// Everything shift-type.ts says about day and night shifts is said here too.
export * from './shift-type.ts';

/** HH:MM in 24-hour time (timeOfDaySchema checks the same, after trimming). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of an HH:MM time (surrounding spaces ignored), or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  // A value read leniently from a document may not be a string at all: that is "not a time" too.
  const trimmed = typeof time === 'string' ? time.trim() : '';
  if (!TIME_OF_DAY_PATTERN.test(trimmed)) return null;
  const [h, m] = trimmed.split(':');
  return Number(h) * 60 + Number(m);
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * Hours from start to end, where an end before the start is the next day (22:00 -> 02:00 is 4 h).
 * Half of all shifts are nights, so an entry that ends "earlier" crossed midnight; the SPEC's
 * "floored at 0" was the old app's defect (issue 16). The same time twice is 0 h, never 24 h: a
 * screen asks the crew to confirm such an entry rather than guessing. Not HH:MM on either side: 0.
 */
export function hoursBetween(startTime: string, endTime: string): number {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  if (start === null || end === null) return 0;
  return ((((end - start) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY) / 60;
}

/** True when the end falls on the next day (an end before the start). */
export function crossesMidnight(startTime: string, endTime: string): boolean {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  return start !== null && end !== null && end < start;
}

/**
 * A shift type's default times: day 06:00 - 18:00, night the other twelve hours, 18:00 - 06:00
 * (issue 16: nights used to default to the day's hours).
 */
export function defaultShiftTimes(shiftType: ShiftType): { startTime: string; endTime: string } {
  return shiftType === 'day'
    ? { startTime: DEFAULT_SHIFT_START_TIME, endTime: DEFAULT_SHIFT_END_TIME }
    : { startTime: DEFAULT_SHIFT_END_TIME, endTime: DEFAULT_SHIFT_START_TIME };
}

/** 12-hour label of an HH:MM time, e.g. 13:30 -> 1:30 PM. */
export function timeLabel(time: string): string {
  const minutes = minutesOfDay(time);
  if (minutes === null) return time;
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

export interface TimeOption {
  value: string;
  label: string;
}

/** Every 30 minutes of the day as select options with AM/PM labels. */
export function timeOptions(stepMinutes: number = TIME_OPTION_STEP_MINUTES): TimeOption[] {
  const options: TimeOption[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) {
    const value = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    options.push({ value, label: timeLabel(value) });
  }
  return options;
}

/** The dashboard clock: 24-hour time with seconds. */
export function formatClock(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The dashboard date: month/day/year as en-US writes it. */
export function formatUsDate(date: Date): string {
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

/** Length of a shift from start to end, crossing midnight as time entries do (18:00-06:00 is 12 h). */
export function shiftDurationHours(startTime: string, endTime: string): number {
  return hoursBetween(startTime, endTime);
}
