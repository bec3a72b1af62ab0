import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatUsDate,
  hoursBetween,
  shiftTypeFromHour,
  timeLabel,
  timeOptions,
} from './time.ts';

describe('shift time', () => {
  it('is day from 06:00 up to but not including 18:00, else night', () => {
    expect(shiftTypeFromHour(5)).toBe('night');
    expect(shiftTypeFromHour(6)).toBe('day');
    expect(shiftTypeFromHour(17)).toBe('day');
    expect(shiftTypeFromHour(18)).toBe('night');
    expect(shiftTypeFromHour(0)).toBe('night');
  });
  it('offers 48 half-hour options labelled with AM/PM', () => {
    const options = timeOptions();
    expect(options).toHaveLength(48);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(options[13]).toEqual({ value: '06:30', label: '6:30 AM' });
    expect(options[24]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(options[47]).toEqual({ value: '23:30', label: '11:30 PM' });
    expect(timeLabel('bad')).toBe('bad');
  });
  it('measures hours between HH:MM times, floored at 0', () => {
    expect(hoursBetween('06:00', '18:00')).toBe(12);
    expect(hoursBetween('18:00', '06:00')).toBe(0);
    expect(hoursBetween('x', '06:00')).toBe(0);
  });
  it('shows the clock 24-hour with seconds and the date month/day/year', () => {
    const at = new Date(2025, 6, 4, 17, 5, 9);
    expect(formatClock(at)).toBe('17:05:09');
    expect(formatUsDate(at)).toBe('7/4/2025');
  });
});
