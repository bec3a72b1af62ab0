import { describe, expect, it } from 'vitest';
import {
  canStartDrilling,
  holeConfigInputSchema,
  holeProgress,
  holeStatus,
  isNearTarget,
  nextHoleId,
  remainingDepth,
  runsheetHoleConfigInputSchema,
} from './hole.ts';

describe('hole rules', () => {
  it('is ACTIVE below target and COMPLETE at or past it, or when marked complete', () => {
    expect(holeStatus(99.9, 100)).toBe('ACTIVE');
    expect(holeStatus(100, 100)).toBe('COMPLETE');
    expect(holeStatus(101, 100)).toBe('COMPLETE');
    expect(holeStatus(10, 100, true)).toBe('COMPLETE');
  });
  it('caps progress at 100 percent with one decimal', () => {
    expect(holeProgress(33.33, 100)).toBe(33.3);
    expect(holeProgress(150, 100)).toBe(100);
  });
  it('warns within 6 m of target while active', () => {
    expect(isNearTarget(94, 100)).toBe(true);
    expect(isNearTarget(93.9, 100)).toBe(false);
    expect(isNearTarget(100, 100)).toBe(false);
  });
  it('floors remaining depth at 0', () => {
    expect(remainingDepth(120, 100)).toBe(0);
    expect(remainingDepth(97.5, 100)).toBe(2.5);
  });
  it('enables Start Drilling only with a Hole ID', () => {
    expect(canStartDrilling('  ')).toBe(false);
    expect(canStartDrilling('DH-1')).toBe(true);
  });
});

describe('hole ids', () => {
  it('makes DH-{year}-{3-digit counter} one past the highest of the year', () => {
    expect(nextHoleId([], 2025)).toBe('DH-2025-001');
    expect(nextHoleId(['DH-2025-007', 'DH-2025-002', 'DH-2024-050', 'custom'], 2025)).toBe(
      'DH-2025-008',
    );
    expect(nextHoleId(['DH-2025-999'], 2025)).toBe('DH-2025-1000');
  });
});

describe('hole config input', () => {
  it('fills dip -60, azimuth 0, target 100, stick-up 0.5 when missing or non-numeric', () => {
    expect(holeConfigInputSchema.parse({ holeId: ' DH-1 ', dip: 'x', targetDepth: '' })).toEqual({
      holeId: 'DH-1',
      dip: -60,
      azimuth: 0,
      targetDepth: 100,
      constantStickUp: 0.5,
      hasOriExtension: false,
      barrelType: 'NQ',
    });
  });
  it('reads target depth sent as text', () => {
    expect(holeConfigInputSchema.parse({ holeId: 'A', targetDepth: '150.5' }).targetDepth).toBe(
      150.5,
    );
  });
  it('uses target 124.2 and stick-up 0.1 when generating a runsheet', () => {
    expect(runsheetHoleConfigInputSchema.parse({ holeId: 'A' })).toMatchObject({
      targetDepth: 124.2,
      constantStickUp: 0.1,
    });
  });
  it('rejects a blank Hole ID', () => {
    expect(holeConfigInputSchema.safeParse({ holeId: '  ' }).success).toBe(false);
  });
});
