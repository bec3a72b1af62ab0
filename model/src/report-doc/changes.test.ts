import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { HoleId } from '../ids/ids.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addRun, removeRun, updateRun } from '../run/run-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { setReportNotes, updateShiftDetails } from '../shift-summary/report-meta-doc.ts';
import { describeReportChanges } from './changes.ts';
import { readReport } from './snapshot.ts';
import { newReportDoc } from './testing.ts';

const DH1 = 'DH-1' as HoleId;

/** The changes `change` makes to a copy of `doc`, in words. */
function changesOf(doc: Y.Doc, change: (copy: Y.Doc) => void): string[] {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = readReport(copy);
  change(copy);
  return describeReportChanges(before, readReport(copy)).map((c) => `${c.part}: ${c.text}`);
}

describe('a plod change in words', () => {
  it('names runs by number with their depths, values before and after', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, targetDepth: 50, constantStickUp: 0.5 });
    addRun(doc, DH1, { rodAdded: true, stickUp: 0.5 });
    addRun(doc, DH1, { rodAdded: true, stickUp: 0.5 });
    const third = addRun(doc, DH1, { rodAdded: true, stickUp: 0.5 });
    expect(changesOf(doc, (d) => updateRun(d, third, { stickUp: 0.8 }))).toEqual([
      'Runs: Run 3 stick-up 0.5 -> 0.8 m',
      'Totals: Plod metres 8 -> 7.7 m',
    ]);
    expect(changesOf(doc, (d) => addRun(d, DH1, { rodAdded: true, stickUp: 0.5 }))).toEqual([
      'Runs: Run 4 added on DH-1: 8.0-10.5 m',
      'Totals: Plod metres 8 -> 10.5 m',
    ]);
    expect(changesOf(doc, (d) => removeRun(d, third))).toEqual([
      'Runs: Run 3 removed from DH-1 (was 5.5-8.0 m)',
      'Totals: Plod metres 8 -> 5.5 m',
    ]);
  });

  it('says what a time entry, notes and shift details became', () => {
    const doc = newReportDoc();
    const lines = changesOf(doc, (d) => {
      addTimesheetEntry(d, { activity: 'drilling', startTime: '06:00', endTime: '10:00' });
      setReportNotes(d, 'Broken ground');
      updateShiftDetails(d, { level: '1200' });
    });
    expect(lines).toContain('Timesheet: Time entry added: Drilling 06:00-10:00');
    expect(lines).toContain('Notes: Notes empty -> Broken ground');
    expect(lines).toContain('Shift details: Level empty -> 1200');
  });

  it('finds nothing between a plod and itself', () => {
    expect(changesOf(newReportDoc(), () => undefined)).toEqual([]);
  });
});
