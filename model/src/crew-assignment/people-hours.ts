import { z } from 'zod';
import { formatPersonHours } from '../format/format.ts';
import { optionalText, roundTo } from '../format/numbers.ts';
import { timeLabel } from '../shift/time.ts';
import { timeOfDaySchema } from '../shift/time-schemas.ts';
import { entryHours } from '../timesheet/timesheet.ts';

/** Beside the field (Crew) and in a REST 400: a person's hours that cannot be right. */
export const PEOPLE_HOURS_MESSAGES = {
  breakTooLong: 'Break is longer than the time from start to finish',
  negativeBreak: 'Break cannot be negative',
  negativeTravel: 'Travel cannot be negative',
} as const;

/** Most hours a break or travel may hold (a day). */
const MAX_PERSON_HOURS = 24;

/**
 * A person's hours as stored on their crew assignment. Each is null until someone sets it: start
 * and finish then follow the shift's times (a later change of the shift moves them too), break and
 * travel are 0. Plods made before people's hours read the same way (nothing stored).
 */
export interface StoredPersonHours {
  startTime: string | null;
  finishTime: string | null;
  breakHours: number | null;
  travelHours: number | null;
  hoursNotes: string | null;
}

/** A person's hours as shown: the shift's times where none are set, and what they add up to. */
export interface PersonHours {
  startTime: string | null;
  finishTime: string | null;
  breakHours: number;
  travelHours: number;
  hoursNotes: string | null;
  /** True when start or finish was set for this person rather than taken from the shift. */
  ownTimes: boolean;
  /** Finish - start (an earlier finish is the next day) - break, never below 0. */
  hours: number;
  /** Hours plus travel: what the person is paid for. */
  paidHours: number;
}

/** The shift's times, which a person's start and finish default to. */
export interface ShiftTimes {
  startTime: string | null;
  endTime: string | null;
}

/** Hours worked from start to finish, crossing midnight by the timesheet's rule (22:00 -> 02:00 = 4 h). */
export function spanHours(startTime: string | null, finishTime: string | null): number {
  if (startTime === null || finishTime === null) return 0;
  return entryHours({ startTime, endTime: finishTime });
}

/** A person's hours with the shift's defaults filled in and the totals derived. */
export function personHours(stored: StoredPersonHours, shift: ShiftTimes): PersonHours {
  const startTime = stored.startTime ?? shift.startTime;
  const finishTime = stored.finishTime ?? shift.endTime;
  const breakHours = stored.breakHours ?? 0;
  const travelHours = stored.travelHours ?? 0;
  const hours = roundTo(Math.max(0, spanHours(startTime, finishTime) - breakHours), 2);
  return {
    startTime,
    finishTime,
    breakHours,
    travelHours,
    hoursNotes: stored.hoursNotes,
    ownTimes: stored.startTime !== null || stored.finishTime !== null,
    hours,
    paidHours: roundTo(hours + travelHours, 2),
  };
}

/**
 * A person's hours in one line, as Crew and Shift Completion show them:
 * "6:00 PM - 4:30 AM · 10.00 h worked · break 0.50 h · travel 1.00 h".
 */
export function personHoursText(hours: PersonHours): string {
  const span =
    hours.startTime && hours.finishTime
      ? `${timeLabel(hours.startTime)} - ${timeLabel(hours.finishTime)}`
      : 'No shift times';
  return [
    span,
    `${formatPersonHours(hours.hours)} h worked`,
    `break ${formatPersonHours(hours.breakHours)} h`,
    ...(hours.travelHours !== 0 ? [`travel ${formatPersonHours(hours.travelHours)} h`] : []),
  ].join(' · ');
}

export type PersonHoursField = 'breakHours' | 'travelHours';

/**
 * What is wrong with a person's hours, by field: a break longer than start to finish, a negative
 * break or travel. Shown beside the field; the merged state of two phones is shown, never fixed.
 */
export function personHoursIssues(
  hours: Pick<PersonHours, 'startTime' | 'finishTime' | 'breakHours' | 'travelHours'>,
): Partial<Record<PersonHoursField, string>> {
  const issues: Partial<Record<PersonHoursField, string>> = {};
  if (hours.breakHours < 0) issues.breakHours = PEOPLE_HOURS_MESSAGES.negativeBreak;
  else if (hours.breakHours > spanHours(hours.startTime, hours.finishTime))
    issues.breakHours = PEOPLE_HOURS_MESSAGES.breakTooLong;
  if (hours.travelHours < 0) issues.travelHours = PEOPLE_HOURS_MESSAGES.negativeTravel;
  return issues;
}

/** The first of a person's hours issues, or null. */
export function firstPersonHoursIssue(
  hours: Parameters<typeof personHoursIssues>[0],
): string | null {
  const issues = personHoursIssues(hours);
  return issues.breakHours ?? issues.travelHours ?? null;
}

/**
 * A person's hours fields of a request or form: null clears one (start and finish go back to the
 * shift's, break and travel to 0).
 */
export const personHoursPatchShape = {
  startTime: timeOfDaySchema.nullable().optional(),
  finishTime: timeOfDaySchema.nullable().optional(),
  breakHours: z
    .number()
    .min(0, PEOPLE_HOURS_MESSAGES.negativeBreak)
    .max(MAX_PERSON_HOURS)
    .nullable()
    .optional(),
  travelHours: z
    .number()
    .min(0, PEOPLE_HOURS_MESSAGES.negativeTravel)
    .max(MAX_PERSON_HOURS)
    .nullable()
    .optional(),
  hoursNotes: optionalText.optional(),
};
export type PersonHoursPatch = z.infer<z.ZodObject<typeof personHoursPatchShape>>;
