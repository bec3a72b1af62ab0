import { describe, expect, it } from 'vitest';
import * as time from './time.ts';

describe('shift time', () => {
  it('is day from 06:00 up to but not including 18:00, else night', () => {
    expect(time.shiftTypeFromHour(5)).toBe('night');
    expect(time.shiftTypeFromHour(6)).toBe('day');
    expect(time.shiftTypeFromHour(17)).toBe('day');
    expect(time.shiftTypeFromHour(18)).toBe('night');
    expect(time.shiftTypeFromHour(0)).toBe('night');
  });
  it('offers 48 half-hour options labelled with AM/PM', () => {
    const options = time.timeOptions();
    expect(options).toHaveLength(48);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(options[13]).toEqual({ value: '06:30', label: '6:30 AM' });
    expect(options[24]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(options[47]).toEqual({ value: '23:30', label: '11:30 PM' });
    expect(time.timeLabel('bad')).toBe('bad');
  });
  it('reads HH:MM as minutes since midnight, spaces around it ignored, anything else as no time', () => {
    expect(time.minutesOfDay('00:00')).toBe(0);
    expect(time.minutesOfDay(' 06:30 ')).toBe(390);
    expect(time.minutesOfDay('23:59')).toBe(1439);
    for (const bad of ['24:00', '6:30', '06:60', '06:30:00', '', 'x'])
      expect(time.minutesOfDay(bad)).toBeNull();
  });
  it('measures hours between HH:MM times, an end before the start being the next day', () => {
    expect(time.hoursBetween('06:00', '18:00')).toBe(12);
    expect(time.hoursBetween('22:00', '02:00')).toBe(4);
    expect(time.hoursBetween('18:00', '06:00')).toBe(12);
    expect(time.hoursBetween('14:00', '13:00')).toBe(23);
    expect(time.hoursBetween('23:30', '00:00')).toBe(0.5);
    expect(time.hoursBetween('10:00', '10:00')).toBe(0);
    expect(time.hoursBetween('x', '06:00')).toBe(0);
    expect(time.crossesMidnight('22:00', '02:00')).toBe(true);
    expect(time.crossesMidnight('02:00', '22:00')).toBe(false);
    expect(time.crossesMidnight('10:00', '10:00')).toBe(false);
  });
  it('measures a shift the same way, so a night shift 18:00 - 06:00 is 12 h', () => {
    expect(time.shiftDurationHours('18:00', '06:00')).toBe(12);
    expect(time.shiftDurationHours('22:00', '02:00')).toBe(time.hoursBetween('22:00', '02:00'));
  });
  it('defaults a day shift to 06:00 - 18:00 and a night shift to 18:00 - 06:00', () => {
    expect(time.defaultShiftTimes('day')).toEqual({ startTime: '06:00', endTime: '18:00' });
    expect(time.defaultShiftTimes('night')).toEqual({ startTime: '18:00', endTime: '06:00' });
    // The defaults start inside their own type's hours.
    expect(
      time.shiftTypeFromHour(Number(time.defaultShiftTimes('night').startTime.slice(0, 2))),
    ).toBe('night');
    expect(
      time.shiftTypeFromHour(Number(time.defaultShiftTimes('day').startTime.slice(0, 2))),
    ).toBe('day');
  });
  it('shows the clock 24-hour with seconds and the date month/day/year', () => {
    const at = new Date(2025, 6, 4, 17, 5, 9);
    expect(time.formatClock(at)).toBe('17:05:09');
    expect(time.formatUsDate(at)).toBe('7/4/2025');
  });
});

describe('shifts are dated by their start', () => {
  const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);

  it('after midnight and before the day shift starts, it is the previous day night', () => {
    expect(time.shiftAt(at(2026, 11, 29, 2, 10))).toEqual({
      date: '2026-11-28',
      shiftType: 'night',
    });
    expect(time.shiftAt(at(2026, 12, 1, 0, 0))).toEqual({ date: '2026-11-30', shiftType: 'night' });
    expect(time.shiftAt(at(2026, 11, 29, 6, 0))).toEqual({ date: '2026-11-29', shiftType: 'day' });
    expect(time.shiftAt(at(2026, 11, 29, 19, 0))).toEqual({
      date: '2026-11-29',
      shiftType: 'night',
    });
  });

  it('the shift after a night is the next day, after a day its night', () => {
    expect(time.nextShift({ date: '2026-11-28', shiftType: 'night' })).toEqual({
      date: '2026-11-29',
      shiftType: 'day',
    });
    expect(time.nextShift({ date: '2026-12-31', shiftType: 'day' })).toEqual({
      date: '2026-12-31',
      shiftType: 'night',
    });
  });

  it('a plod started from the last shift is for the next shift, or the current one if later', () => {
    const night28 = { date: '2026-11-28', shiftType: 'night' } as const;
    expect(time.shiftAfter(night28, at(2026, 11, 29, 6, 57))).toEqual({
      date: '2026-11-29',
      shiftType: 'day',
    });
    // Started before the next shift begins: still the next shift.
    expect(time.shiftAfter(night28, at(2026, 11, 29, 5, 40))).toEqual({
      date: '2026-11-29',
      shiftType: 'day',
    });
    // The last shift a week ago: today's.
    expect(time.shiftAfter(night28, at(2026, 12, 5, 7, 0))).toEqual({
      date: '2026-12-05',
      shiftType: 'day',
    });
    expect(time.shiftAfter(null, at(2026, 11, 29, 2, 10))).toEqual(night28);
  });
});
