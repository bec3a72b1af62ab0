import { describe, expect, it } from 'vitest';
import { formatClock, formatUsDate, shiftTypeAt } from './time';

const at = (h: number, m = 0, s = 0) => new Date(2025, 6, 14, h, m, s);

describe('shiftTypeAt', () => {
  it('is day from 06:00 up to but not including 18:00', () => {
    expect(shiftTypeAt(at(6))).toBe('day');
    expect(shiftTypeAt(at(17, 59, 59))).toBe('day');
  });
  it('is night from 18:00 until 05:59', () => {
    expect(shiftTypeAt(at(18))).toBe('night');
    expect(shiftTypeAt(at(0))).toBe('night');
    expect(shiftTypeAt(at(5, 59))).toBe('night');
  });
});

describe('clock formats', () => {
  it('shows 24-hour time with seconds', () => {
    expect(formatClock(at(18, 5, 9))).toBe('18:05:09');
  });
  it('shows the date month/day/year', () => {
    expect(formatUsDate(at(9))).toBe('7/14/2025');
  });
});
