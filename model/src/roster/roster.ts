import { DAY_SHIFT_END_HOUR, DAY_SHIFT_START_HOUR } from '../constants/constants.ts';
import type { ShiftType } from '../shift/shift-type.ts';

/** Days of the week as a roster names them, Monday first (ISO 8601 numbering 1..7). */
export const ROSTER_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type RosterWeekday = (typeof ROSTER_WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<RosterWeekday, string>> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

/**
 * A plod is late when it was first submitted more than this many hours after its shift's end. The
 * server knows no site's time zone: a shift's end is its site's wall clock (day 18:00, night 06:00
 * the next morning) read as UTC, and this grace of a whole day absorbs the difference.
 */
export const LATE_SUBMISSION_HOURS = 24;

/** One expected rig-shift of a site's roster: this rig works this shift on this weekday. */
export interface RosterShift {
  siteId: string;
  rigId: string;
  weekday: RosterWeekday;
  shiftType: ShiftType;
}

/** A shift on a date of a rig at a site (expected by the roster, or worked by a plod). */
export interface RigShift {
  siteId: string;
  rigId: string;
  date: string;
  shiftType: ShiftType;
}

/** A plod as the gap rule reads it (from the reports projection). */
export interface GapPlod extends RigShift {
  id: string;
  /** When the plod was first submitted (ISO), or null while it never was. */
  submittedAt: string | null;
}

export interface LatePlod extends GapPlod {
  submittedAt: string;
  /** Hours from the shift's end to the submission, one decimal. */
  hoursLate: number;
}

export interface ShiftGaps {
  /** Expected rig-shifts whose end has passed with no plod, by date, shift, site and rig. */
  missing: RigShift[];
  /** Plods submitted more than LATE_SUBMISSION_HOURS after their shift's end, by date. */
  late: LatePlod[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** The ISO weekday (Mon 1 .. Sun 7) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): RosterWeekday {
  const day = utcDate(date).getUTCDay();
  return (day === 0 ? 7 : day) as RosterWeekday;
}

/** Every date from `from` to `to`, both included (none when `to` is before `from`). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = utcDate(from).getTime(); t <= utcDate(to).getTime(); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** When a shift ends (ms): a day shift at 18:00 on its date, a night shift at 06:00 the next day. */
export function shiftEndMs(date: string, shiftType: ShiftType): number {
  const start = utcDate(date).getTime();
  return shiftType === 'day'
    ? start + DAY_SHIFT_END_HOUR * 3_600_000
    : start + DAY_MS + DAY_SHIFT_START_HOUR * 3_600_000;
}

const shiftKey = (s: RigShift) => JSON.stringify([s.siteId, s.rigId, s.date, s.shiftType]);

const byShift = (a: RigShift, b: RigShift) =>
  a.date.localeCompare(b.date) ||
  (a.shiftType === b.shiftType ? 0 : a.shiftType === 'day' ? -1 : 1) ||
  a.siteId.localeCompare(b.siteId) ||
  a.rigId.localeCompare(b.rigId);

/**
 * Missing and late shifts over `from`..`to`: every rostered rig-shift of those dates whose end is
 * before `nowMs` and that no plod (of the same site, rig, date and shift) covers; and every plod of
 * those dates first submitted more than LATE_SUBMISSION_HOURS after its shift's end. `plods` holds
 * the plods that count (not deleted); the roster, the shifts of the sites asked about.
 */
export function shiftGaps(input: {
  roster: readonly RosterShift[];
  plods: readonly GapPlod[];
  from: string;
  to: string;
  nowMs: number;
}): ShiftGaps {
  const worked = new Set(input.plods.map(shiftKey));
  const missing: RigShift[] = [];
  for (const date of datesBetween(input.from, input.to)) {
    const weekday = weekdayOf(date);
    for (const entry of input.roster) {
      if (entry.weekday !== weekday) continue;
      const shift = { siteId: entry.siteId, rigId: entry.rigId, date, shiftType: entry.shiftType };
      if (shiftEndMs(date, entry.shiftType) > input.nowMs) continue;
      if (!worked.has(shiftKey(shift))) missing.push(shift);
    }
  }
  const late: LatePlod[] = [];
  for (const plod of input.plods) {
    if (plod.submittedAt === null || plod.date < input.from || plod.date > input.to) continue;
    const hours =
      (Date.parse(plod.submittedAt) - shiftEndMs(plod.date, plod.shiftType)) / 3_600_000;
    if (hours > LATE_SUBMISSION_HOURS) {
      late.push({ ...plod, submittedAt: plod.submittedAt, hoursLate: Math.round(hours * 10) / 10 });
    }
  }
  return { missing: missing.sort(byShift), late: late.sort(byShift) };
}
