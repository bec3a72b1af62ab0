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
