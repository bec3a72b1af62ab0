// Display rules from SPEC sections 2, 4 and 9. shiftTypeAt duplicates a model/ rule until model/
// exports it; switch the import then.

export type ShiftType = 'day' | 'night';

/** Day shift runs 06:00 up to but not including 18:00 local time; anything else is night. */
export function shiftTypeAt(date: Date): ShiftType {
  const hour = date.getHours();
  return hour >= 6 && hour < 18 ? 'day' : 'night';
}

/** 24-hour clock with seconds, e.g. 18:05:09. */
export function formatClock(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** en-US month/day/year, e.g. 7/14/2025. */
export function formatUsDate(date: Date): string {
  return date.toLocaleDateString('en-US');
}
