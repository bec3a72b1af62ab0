import { TIME_OPTION_STEP_MINUTES } from '../constants/constants.ts';
import { z } from 'zod';
import { SHIFT_TYPES } from './shift-type.ts';

export type { ShiftType } from './shift-type.ts';
export {
  SHIFT_TYPES,
  localIsoDay,
  shiftTypeAt,
  shiftTypeFromHour,
  shiftTypeLabel,
} from './shift-type.ts';

export const shiftTypeSchema = z.enum(SHIFT_TYPES);

/** HH:MM in 24-hour time. */
export const timeOfDaySchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)');

/** ISO calendar day YYYY-MM-DD. */
export const isoDaySchema = z.iso.date();

/** Minutes since midnight of an HH:MM time, or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const parsed = timeOfDaySchema.safeParse(time);
  if (!parsed.success) return null;
  const [h, m] = parsed.data.split(':');
  return Number(h) * 60 + Number(m);
}

/** End minus start in hours, floored at 0 (SPEC 5: no wrap past midnight). */
export function hoursBetween(startTime: string, endTime: string): number {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  if (start === null || end === null) return 0;
  return Math.max(0, (end - start) / 60);
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

/** Length of a shift from start to end, wrapping past midnight (a night shift 18:00-06:00 is 12 h). */
export function shiftDurationHours(startTime: string, endTime: string): number {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  if (start === null || end === null) return 0;
  return ((((end - start) % 1440) + 1440) % 1440) / 60;
}
