import { describe, expect, it } from 'vitest';
import {
  TIMESHEET_OVER_CAP_MESSAGE,
  entryHours,
  entryHoursConcern,
  entryHoursQuestion,
  timesheetEntryInputSchema,
  timesheetTotals,
  validateTimesheet,
} from './timesheet.ts';

/** A timesheet row from its start and end times. */
const entry = (startTime: string, endTime: string) => ({ startTime, endTime });

describe('timesheet', () => {
  it('computes hours from start to end, crossing midnight when the end is earlier', () => {
    expect(entryHours(entry('06:00', '10:30'))).toBe(4.5);
    expect(entryHours(entry('22:00', '02:00'))).toBe(4);
    expect(entryHours(entry('18:00', '06:00'))).toBe(12);
    expect(entryHours(entry('14:00', '13:00'))).toBe(23);
  });
  it('counts a night entry in the totals with its full hours', () => {
    const night = [entry('18:00', '22:00'), entry('22:00', '02:00')];
    expect(timesheetTotals(night)).toEqual({ totalHours: 8, remainingHours: 4, overCap: false });
  });
  it('asks to confirm 0 h and over-12 h entries, and nothing else', () => {
    expect(entryHoursConcern(0)).toBe('zero');
    expect(entryHoursConcern(12)).toBeNull();
    expect(entryHoursConcern(12.5)).toBe('over-cap');
    expect(entryHoursConcern(0.5)).toBeNull();
    expect(entryHoursQuestion(entry('22:00', '02:00'))).toBeNull();
    expect(entryHoursQuestion(entry('06:00', '18:00'))).toBeNull();
    expect(entryHoursQuestion(entry('10:00', '10:00'))).toBe(
      'This entry starts and ends at the same time: 0.0 hours. Save it anyway?',
    );
    expect(entryHoursQuestion(entry('14:00', '13:00'))).toBe(
      'This entry is 23.0 hours, ending the next day, more than the 12-hour daily limit. Save it anyway?',
    );
    expect(entryHoursQuestion(entry('05:00', '18:30'))).toBe(
      'This entry is 13.5 hours, more than the 12-hour daily limit. Save it anyway?',
    );
  });
  it('reports remaining as 12 minus total, floored at 0, and flags over the cap', () => {
    expect(timesheetTotals([entry('06:00', '14:00')])).toEqual({
      totalHours: 8,
      remainingHours: 4,
      overCap: false,
    });
    const over = [entry('06:00', '14:00'), entry('08:00', '13:00')];
    expect(timesheetTotals(over)).toEqual({ totalHours: 13, remainingHours: 0, overCap: true });
    expect(validateTimesheet(over)).toEqual([TIMESHEET_OVER_CAP_MESSAGE]);
  });
  it('treats exactly 12 hours as within the cap', () => {
    expect(validateTimesheet([entry('06:00', '18:00')])).toEqual([]);
  });
  it('defaults the activity to drilling and ignores a sent hours value', () => {
    const parsed = timesheetEntryInputSchema.parse({
      startTime: '06:00',
      endTime: '07:00',
      hours: 99,
      holeId: ' ',
    });
    expect(parsed).toMatchObject({ activity: 'drilling', holeId: null, notes: null });
  });
  it('rejects times that are not HH:MM', () => {
    expect(timesheetEntryInputSchema.safeParse(entry('6am', '07:00')).success).toBe(false);
  });
});
