import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDepth, formatPercent } from './format.ts';
import { isOnStep, roundTo, toNumberOr } from './numbers.ts';

describe('formatting', () => {
  it('shows depths with one decimal and currency with two', () => {
    expect(formatDepth(12)).toBe('12.0');
    expect(formatDepth(0.1 + 0.2)).toBe('0.3');
    expect(formatCurrency(36.755)).toBe('$36.76');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatPercent(33.333)).toBe('33.3%');
  });
  it('reads numbers leniently and rounds away float noise', () => {
    expect(toNumberOr(' 4.5 ', 0)).toBe(4.5);
    expect(toNumberOr('abc', 7)).toBe(7);
    expect(toNumberOr(Number.NaN, 1)).toBe(1);
    expect(roundTo(0.1 + 0.2, 3)).toBe(0.3);
    expect(isOnStep(0.3, 0.1)).toBe(true);
    expect(isOnStep(0.35, 0.1)).toBe(false);
  });
});
