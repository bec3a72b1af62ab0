import { DAY_SHIFT_END_HOUR, DAY_SHIFT_START_HOUR } from '../constants/constants.ts';

// Zod-free on purpose: the reports list (the web app's first screen) needs these and must not pull
// zod into its bundle. time.ts re-exports them next to the schemas.

export const SHIFT_TYPES = ['day', 'night'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];

/** Day from 06:00 up to but not including 18:00, else night (SPEC 4). */
export function shiftTypeFromHour(hour: number): ShiftType {
  return hour >= DAY_SHIFT_START_HOUR && hour < DAY_SHIFT_END_HOUR ? 'day' : 'night';
}

/** Shift type of a moment in the device's local time. */
export function shiftTypeAt(date: Date): ShiftType {
  return shiftTypeFromHour(date.getHours());
}

/** Label shown for a shift type. */
export function shiftTypeLabel(type: ShiftType): string {
  return type === 'day' ? 'Day Shift' : 'Night Shift';
}

/** Local ISO day (YYYY-MM-DD) of a moment. */
export function localIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A shift: the day it started on (YYYY-MM-DD) and its type. */
export interface ShiftSlot {
  date: string;
  shiftType: ShiftType;
}

function addDays(isoDay: string, days: number): string {
  const year = Number(isoDay.slice(0, 4));
  const month = Number(isoDay.slice(5, 7));
  const day = Number(isoDay.slice(8, 10));
  return localIsoDay(new Date(year, month - 1, day + days));
}

/**
 * The shift going on at a moment in the device's local time, dated by its start: a night shift runs
 * from 18:00 to 06:00, so from 00:00 until the day shift's start it is the previous day's night.
 */
export function shiftAt(date: Date): ShiftSlot {
  const shiftType = shiftTypeAt(date);
  if (shiftType === 'night' && date.getHours() < DAY_SHIFT_START_HOUR) {
    return { date: addDays(localIsoDay(date), -1), shiftType };
  }
  return { date: localIsoDay(date), shiftType };
}

/** The shift after `shift`: a day's night, or a night's next day. */
export function nextShift(shift: ShiftSlot): ShiftSlot {
  return shift.shiftType === 'day'
    ? { date: shift.date, shiftType: 'night' }
    : { date: addDays(shift.date, 1), shiftType: 'day' };
}

/** Orders shifts as they follow each other: negative when `a` comes before `b`. */
export function compareShifts(a: ShiftSlot, b: ShiftSlot): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.shiftType === b.shiftType) return 0;
  return a.shiftType === 'day' ? -1 : 1;
}

/**
 * The shift a new plod following `last` is for: the next shift in sequence after it, or the shift
 * going on now when that is later (a last shift from days ago is followed by today's).
 */
export function shiftAfter(last: ShiftSlot | null, now: Date): ShiftSlot {
  const current = shiftAt(now);
  if (last === null) return current;
  const next = nextShift(last);
  return compareShifts(next, current) >= 0 ? next : current;
}
