import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { assignCrewMember } from '../crew-assignment/crew-assignment-doc.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import type { HoleProgressMark } from '../holes-doc/hole-progress.ts';
import type { HoleId, ReportId } from '../ids/ids.ts';
import { ReportIds } from '../ids/ids.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { TEST_RIG_ID, TEST_SITE_ID, newReportDoc } from '../report-doc/testing.ts';
import { addRun } from '../run/run-doc.ts';
import { canStartFrom, createReportFromPlan, nextShiftPlan } from './next-shift.ts';
import { updateShiftDetails } from './report-meta-doc.ts';

const DONE = 'DH-DONE' as HoleId;
const OPEN = 'DH-OPEN' as HoleId;
const today = { date: '2025-07-15', shiftType: 'day' as const };

/** Yesterday's day shift: level, two crew (one primary), a finished hole and one still drilling. */
function lastShift() {
  const doc = newReportDoc();
  updateShiftDetails(doc, { level: '1040 RL', startTime: '06:30', endTime: '18:30' });
  assignCrewMember(doc, { crewMemberName: 'Alex', role: 'driller', isPrimary: true });
  assignCrewMember(doc, { crewMemberName: 'Jordan', role: 'offsider' });
  addHoleToReport(doc, { holeId: DONE, targetDepth: 3 });
  addRun(doc, DONE, { rodAdded: true, stickUp: 0 });
  addHoleToReport(doc, { holeId: OPEN, targetDepth: 100, dip: -70, azimuth: 90 });
  addRun(doc, OPEN, { rodAdded: true, stickUp: 0 });
  addRun(doc, OPEN, { rodAdded: true, stickUp: 0.5 });
  return readReport(doc);
}

describe('start from last shift', () => {
  it('takes site, rig, level, crew and roles, and the holes still being drilled, for today', () => {
    const last = lastShift();
    const plan = nextShiftPlan(last, today);
    expect(plan.shift).toMatchObject({
      date: '2025-07-15',
      shiftType: 'day',
      siteId: TEST_SITE_ID,
      rigId: TEST_RIG_ID,
      siteName: 'North Pit',
      rigName: 'Rig 7',
      level: '1040 RL',
      // Same shift type: the same hours.
      startTime: '06:30',
      endTime: '18:30',
    });
    expect(plan.crew.map((c) => [c.crewMemberName, c.role, c.isPrimary])).toEqual([
      ['Alex', 'driller', true],
      ['Jordan', 'offsider', false],
    ]);
    const open = last.holes.find((h) => h.holeId === OPEN);
    expect(plan.holes).toEqual([
      {
        config: expect.objectContaining({ holeId: OPEN, dip: -70, azimuth: 90, targetDepth: 100 }),
        start: {
          startDepth: open?.currentDepth,
          startRunNumber: 3,
          startStickUp: 0.5,
          startBit: null,
        },
      },
    ]);
  });

  it('takes the new shift type’s default times when the shift type changes', () => {
    const plan = nextShiftPlan(lastShift(), { ...today, shiftType: 'night' });
    expect(plan.shift).toMatchObject({ shiftType: 'night', startTime: '18:00', endTime: '06:00' });
  });

  it('continues a hole from where a later shift left it, and drops one since finished', () => {
    const last = lastShift();
    const later = ReportIds.create();
    const mark = (endDepth: number, holeId: HoleId): HoleProgressMark => ({
      holeId,
      reportId: later,
      endDepth,
      nextRunNumber: 9,
      lastStickUp: 0.2,
      bitDown: 'NQ-9',
      updatedAt: null,
    });
    expect(nextShiftPlan(last, today, [mark(40, OPEN)]).holes[0]?.start).toEqual({
      startDepth: 40,
      startRunNumber: 9,
      startStickUp: 0.2,
      startBit: 'NQ-9',
    });
    expect(nextShiftPlan(last, today, [mark(100, OPEN)]).holes).toEqual([]);
  });

  it('makes the new plod in one transaction, with the same primary driller and the hole at its depth', () => {
    const last = lastShift();
    const doc = new Y.Doc();
    let transactions = 0;
    doc.on('afterTransaction', () => {
      transactions += 1;
    });
    const id = ReportIds.create();
    createReportFromPlan(doc, id, nextShiftPlan(last, today));
    expect(transactions).toBe(1);
    const next = readReport(doc);
    expect(next.id).toBe(id);
    expect(next.status).toBe('active');
    expect(next.shift.level).toBe('1040 RL');
    expect(next.crew.find((c) => c.isPrimary)?.crewMemberName).toBe('Alex');
    expect(next.holes.map((h) => [h.holeId, h.currentDepth, h.status])).toEqual([
      [OPEN, last.holes.find((h) => h.holeId === OPEN)?.currentDepth, 'ACTIVE'],
    ]);
    expect(next.holes[0]?.runs).toEqual([]);
  });

  it('is offered only for a plod with its site and rig set', () => {
    expect(canStartFrom(lastShift())).toBe(true);
    const bare = new Y.Doc();
    createReportFromPlan(bare, ReportIds.create() as ReportId, {
      shift: { date: today.date },
      crew: [],
      holes: [],
    });
    expect(canStartFrom(readReport(bare))).toBe(false);
  });
});
