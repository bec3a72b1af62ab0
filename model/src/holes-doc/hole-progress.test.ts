import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { HoleId, ReportId } from '../ids/ids.ts';
import { ReportIds } from '../ids/ids.ts';
import { addHoleToReport, readReportHoles } from '../hole/report-hole-doc.ts';
import { addRun } from '../run/run-doc.ts';
import { newReportDoc, syncAll } from '../report-doc/testing.ts';
import {
  holeContinuation,
  holeProgressMark,
  readHoleProgress,
  recordHoleProgress,
} from './hole-progress.ts';

const HOLE = 'DH-2025-001' as HoleId;

function drilledReport(id: ReportId, runs: number) {
  const doc = newReportDoc(id);
  addHoleToReport(doc, { holeId: HOLE, targetDepth: 100, constantStickUp: 0.5 });
  for (let i = 0; i < runs; i += 1) addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
  const hole = readReportHoles(doc)[0];
  if (!hole) throw new Error('no hole');
  return hole;
}

describe('hole progress marks', () => {
  it('continues a hole from where the deepest other report left it', () => {
    const register = new Y.Doc();
    const first = ReportIds.create();
    const second = ReportIds.create();
    recordHoleProgress(register, holeProgressMark(drilledReport(first, 2), first, []));
    recordHoleProgress(register, holeProgressMark(drilledReport(second, 4), second, []));
    // First run 4 - 0.5 stick-up - 0.5 constant = 3, then 3 - 0.5 = 2.5 per rod run.
    expect(holeContinuation(readHoleProgress(register), HOLE)).toEqual({
      startDepth: 10.5,
      startRunNumber: 5,
      startStickUp: 0.5,
      startBit: null,
    });
    expect(holeContinuation(readHoleProgress(register), HOLE, second).startDepth).toBe(5.5);
  });

  it('starts a hole no report has drilled at 0 m with run 1', () => {
    expect(holeContinuation([], HOLE)).toEqual({
      startDepth: 0,
      startRunNumber: 1,
      startStickUp: 0,
      startBit: null,
    });
  });

  it('writes nothing when the mark has not changed', () => {
    const register = new Y.Doc();
    const id = ReportIds.create();
    const mark = holeProgressMark(drilledReport(id, 1), id, []);
    expect(recordHoleProgress(register, mark)).toBe(true);
    expect(recordHoleProgress(register, mark)).toBe(false);
  });

  it('keeps one mark per report when two devices record the same report', () => {
    const [a, b] = [new Y.Doc(), new Y.Doc()];
    const id = ReportIds.create();
    recordHoleProgress(a, holeProgressMark(drilledReport(id, 1), id, []));
    recordHoleProgress(b, holeProgressMark(drilledReport(id, 3), id, []));
    syncAll([a, b]);
    expect(readHoleProgress(a)).toEqual(readHoleProgress(b));
    expect(readHoleProgress(a)).toHaveLength(1);
  });
});
