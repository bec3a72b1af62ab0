import { describe, expect, it } from 'vitest';
import { newSetupDoc } from '../report-doc/testing.ts';
import { readSetup } from '../setup-doc/setup-doc.ts';
import type { GapPlod, RosterShift } from './roster.ts';
import { datesBetween, shiftEndMs, shiftGaps, weekdayOf } from './roster.ts';
import { readRoster, rosterCellSchema, setRosterCells } from './roster-doc.ts';

const SITE = 'site-1';
// 2026-11-23 is a Monday.
const MON = '2026-11-23';
const TUE = '2026-11-24';
const LATER = Date.parse('2026-12-01T00:00:00.000Z');

const shift = (rigId: string, weekday: RosterShift['weekday'], shiftType: 'day' | 'night') => ({
  siteId: SITE,
  rigId,
  weekday,
  shiftType,
});

const plod = (
  rigId: string,
  date: string,
  shiftType: 'day' | 'night',
  submittedAt: string | null,
) =>
  ({
    id: `${rigId}-${date}-${shiftType}`,
    siteId: SITE,
    rigId,
    date,
    shiftType,
    submittedAt,
  }) satisfies GapPlod;

describe('dates of a roster', () => {
  it('numbers weekdays Monday 1 to Sunday 7 and lists a range with both ends', () => {
    expect(weekdayOf(MON)).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(datesBetween('2026-11-30', '2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(datesBetween(TUE, MON)).toEqual([]);
  });

  it('ends a day shift at 18:00 and a night shift at 06:00 the next day', () => {
    expect(new Date(shiftEndMs(MON, 'day')).toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(new Date(shiftEndMs(MON, 'night')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });
});

describe('shift gaps', () => {
  const roster = [shift('rig-a', 1, 'day'), shift('rig-b', 1, 'day'), shift('rig-a', 1, 'night')];

  it('lists each rostered rig-shift of the range without a plod', () => {
    const gaps = shiftGaps({ roster, plods: [], from: MON, to: TUE, nowMs: LATER });
    expect(gaps.missing).toEqual([
      { siteId: SITE, rigId: 'rig-a', date: MON, shiftType: 'day' },
      { siteId: SITE, rigId: 'rig-b', date: MON, shiftType: 'day' },
      { siteId: SITE, rigId: 'rig-a', date: MON, shiftType: 'night' },
    ]);
    expect(gaps.late).toEqual([]);
  });

  it('leaves out a rig-shift with a plod, and one of another shift does not cover it', () => {
    const plods = [plod('rig-a', MON, 'day', null), plod('rig-b', MON, 'night', null)];
    const gaps = shiftGaps({ roster, plods, from: MON, to: MON, nowMs: LATER });
    expect(gaps.missing.map((m) => `${m.rigId} ${m.shiftType}`)).toEqual([
      'rig-b day',
      'rig-a night',
    ]);
  });

  it('does not expect a shift before its end: a night shift runs into the next morning', () => {
    const beforeNightEnds = Date.parse('2026-11-24T05:00:00.000Z');
    const gaps = shiftGaps({ roster, plods: [], from: MON, to: MON, nowMs: beforeNightEnds });
    expect(gaps.missing.map((m) => `${m.rigId} ${m.shiftType}`)).toEqual([
      'rig-a day',
      'rig-b day',
    ]);
  });

  it('counts other weekdays only when rostered', () => {
    const gaps = shiftGaps({ roster, plods: [], from: TUE, to: '2026-11-29', nowMs: LATER });
    expect(gaps.missing).toEqual([]);
  });

  it('calls a plod late when first submitted more than 24 hours after its shift ended', () => {
    const plods = [
      plod('rig-a', MON, 'day', '2026-11-24T17:59:00.000Z'),
      plod('rig-b', MON, 'day', '2026-11-24T21:00:00.000Z'),
      plod('rig-a', MON, 'night', '2026-11-25T09:00:00.000Z'),
      plod('rig-c', '2026-11-20', 'day', '2026-11-28T09:00:00.000Z'),
    ];
    const gaps = shiftGaps({ roster, plods, from: MON, to: MON, nowMs: LATER });
    expect(gaps.missing).toEqual([]);
    expect(gaps.late.map((l) => [l.rigId, l.shiftType, l.hoursLate])).toEqual([
      ['rig-b', 'day', 27],
      ['rig-a', 'night', 27],
    ]);
  });
});

describe('the roster in the setup document', () => {
  it('keeps each cell, reads one site or all, and clears a cell', () => {
    const doc = newSetupDoc();
    setRosterCells(doc, [
      { siteId: SITE, rigId: 'rig-a', weekday: 1, shiftType: 'day', expected: true },
      { siteId: SITE, rigId: 'rig-a', weekday: 1, shiftType: 'night', expected: true },
      { siteId: 'site-2', rigId: 'rig-z', weekday: 7, shiftType: 'day', expected: true },
    ]);
    expect(readRoster(doc, SITE)).toEqual([shift('rig-a', 1, 'day'), shift('rig-a', 1, 'night')]);
    setRosterCells(doc, [
      { siteId: SITE, rigId: 'rig-a', weekday: 1, shiftType: 'day', expected: false },
    ]);
    expect(readSetup(doc).roster).toEqual([
      shift('rig-a', 1, 'night'),
      { siteId: 'site-2', rigId: 'rig-z', weekday: 7, shiftType: 'day' },
    ]);
  });

  it('writes nothing for a cell already so', () => {
    const doc = newSetupDoc();
    let updates = 0;
    doc.on('update', () => (updates += 1));
    setRosterCells(doc, [
      { siteId: SITE, rigId: 'rig-a', weekday: 2, shiftType: 'day', expected: false },
    ]);
    expect(updates).toBe(0);
  });

  it('refuses a weekday outside 1..7', () => {
    const cell = { siteId: SITE, rigId: 'r', weekday: 8, shiftType: 'day', expected: true };
    expect(rosterCellSchema.safeParse(cell).success).toBe(false);
    expect(rosterCellSchema.safeParse({ ...cell, weekday: 3 }).success).toBe(true);
  });
});
