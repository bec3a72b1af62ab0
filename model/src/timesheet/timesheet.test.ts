import { describe, expect, it } from 'vitest';
import {
  TIMESHEET_OVER_CAP_MESSAGE,
  entryHours,
  timesheetEntryInputSchema,
  timesheetTotals,
  validateTimesheet,
} from './timesheet.ts';

describe('timesheet', () => {
  it('computes hours as end minus start, floored at 0', () => {
    expect(entryHours({ startTime: '06:00', endTime: '10:30' })).toBe(4.5);
    expect(entryHours({ startTime: '18:00', endTime: '06:00' })).toBe(0);
  });
  it('reports remaining as 12 minus total, floored at 0, and flags over the cap', () => {
    expect(timesheetTotals([{ startTime: '06:00', endTime: '14:00' }])).toEqual({
      totalHours: 8,
      remainingHours: 4,
      overCap: false,
    });
    const over = [
      { startTime: '06:00', endTime: '14:00' },
      { startTime: '08:00', endTime: '13:00' },
    ];
    expect(timesheetTotals(over)).toEqual({ totalHours: 13, remainingHours: 0, overCap: true });
    expect(validateTimesheet(over)).toEqual([TIMESHEET_OVER_CAP_MESSAGE]);
  });
  it('treats exactly 12 hours as within the cap', () => {
    expect(validateTimesheet([{ startTime: '06:00', endTime: '18:00' }])).toEqual([]);
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
    expect(
      timesheetEntryInputSchema.safeParse({ startTime: '6am', endTime: '07:00' }).success,
    ).toBe(false);
  });
});
