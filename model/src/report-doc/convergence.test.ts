import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import { assignCrewMember, setPrimaryDriller } from '../crew-assignment/crew-assignment-doc.ts';
import { CREW_MESSAGES } from '../crew-assignment/crew-assignment.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addRun } from '../run/run-doc.ts';
import { addSurveyEntry, removeSurveyEntry, updateSurveyEntry } from '../survey/survey-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { TIMESHEET_OVER_CAP_MESSAGE } from '../timesheet/timesheet.ts';
import { brokenInvariants } from './invariants.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { readReport } from './snapshot.ts';
import { mergeUpdates, newReportDoc, permutations, replicasOf, rod, syncAll } from './testing.ts';
import { validateReport } from './validate.ts';

const DH1 = 'DH-2025-001' as HoleId;

/** Merge the replicas' full states in every order, plus a pairwise sync; return every resulting snapshot. */
function mergedEverywhere(replicas: Y.Doc[]): ReportSnapshot[] {
  const updates = replicas.map((d) => Y.encodeStateAsUpdate(d));
  const merged = permutations(updates).map((order) => readReport(mergeUpdates(order)));
  syncAll(replicas);
  return [...merged, ...replicas.map((d) => readReport(d))];
}

function expectConverged(snapshots: ReportSnapshot[]): ReportSnapshot {
  const [first, ...rest] = snapshots;
  if (!first) throw new Error('no snapshots');
  for (const other of rest) expect(other).toEqual(first);
  expect(brokenInvariants(first)).toEqual([]);
  return first;
}

describe('report convergence', () => {
  it('chains runs added offline to the same hole on three phones into one depth chain', () => {
    const base = newReportDoc();
    addHoleToReport(base, { holeId: DH1, targetDepth: 200, constantStickUp: 0.5 });
    addRun(base, DH1, rod(0));
    const [a, b, c] = replicasOf(base, 3) as [Y.Doc, Y.Doc, Y.Doc];
    const ids = [
      addRun(a, DH1, rod(0.5)),
      addRun(a, DH1, rod(0.2)),
      addRun(b, DH1, rod(0.4)),
      addRun(c, DH1, rod(1)),
    ];
    const merged = expectConverged(mergedEverywhere([a, b, c]));
    const runs = merged.holes[0]?.runs ?? [];
    expect(runs).toHaveLength(5);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set([...ids, runs[0]?.id]));
    expect(runs.map((r) => r.runNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.holes[0]?.currentDepth).toBe(3.5 + 2.5 + 2.8 + 2.6 + 2);
  });

  it('adds a run after an offline merge without overlapping depths', () => {
    const base = newReportDoc();
    addHoleToReport(base, { holeId: DH1, constantStickUp: 0 });
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    addRun(a, DH1, rod(0));
    addRun(b, DH1, rod(0));
    syncAll([a, b]);
    addRun(b, DH1, rod(0.5));
    syncAll([a, b]);
    const merged = expectConverged([readReport(a), readReport(b)]);
    // Each phone's first run measured the 4 m barrel; after the merge one of them is run 2 and still
    // 4 m long (a merge moves a run, never re-measures it).
    expect(merged.holes[0]?.runs.map((r) => [r.fromDepth, r.toDepth])).toEqual([
      [0, 4],
      [4, 8],
      [8, 10.5],
    ]);
  });

  it('keeps one hole and all runs when two phones add the same hole to the report offline', () => {
    const base = newReportDoc();
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    addHoleToReport(a, { holeId: DH1, constantStickUp: 0 });
    addRun(a, DH1, rod(0));
    addHoleToReport(b, { holeId: DH1, constantStickUp: 0 });
    addRun(b, DH1, rod(0));
    const merged = expectConverged(mergedEverywhere([a, b]));
    expect(merged.holes).toHaveLength(1);
    expect(merged.holes[0]?.runs).toHaveLength(2);
  });

  it('ends with one primary driller when phones choose different primaries offline', () => {
    const base = newReportDoc();
    const bob = assignCrewMember(base, {
      crewMemberName: 'Bob',
      role: 'driller',
      isPrimary: false,
    });
    const cy = assignCrewMember(base, { crewMemberName: 'Cy', role: 'driller', isPrimary: false });
    const dee = assignCrewMember(base, {
      crewMemberName: 'Dee',
      role: 'driller',
      isPrimary: false,
    });
    const [a, b, c] = replicasOf(base, 3) as [Y.Doc, Y.Doc, Y.Doc];
    setPrimaryDriller(a, bob);
    setPrimaryDriller(b, cy);
    setPrimaryDriller(c, dee);
    const merged = expectConverged(mergedEverywhere([a, b, c]));
    expect(merged.crew.filter((x) => x.isPrimary)).toHaveLength(1);
    expect(validateReport(merged).crew).toEqual([]);
  });

  it('resolves an edit racing a delete of the same entry the same way everywhere (the delete wins)', () => {
    const base = newReportDoc();
    const kept = addSurveyEntry(base, { depth: 10 });
    const doomed = addSurveyEntry(base, { depth: 20 });
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    updateSurveyEntry(a, doomed, { azimuth: 45 });
    updateSurveyEntry(a, kept, { azimuth: 90 });
    removeSurveyEntry(b, doomed);
    updateSurveyEntry(b, kept, { dip: -70 });
    const merged = expectConverged(mergedEverywhere([a, b]));
    expect(merged.survey.map((s) => s.id)).toEqual([kept]);
    expect(merged.survey[0]).toMatchObject({ azimuth: 90, dip: -70 });
  });

  it('keeps every timesheet row and shows the 12 h message when merged rows pass the cap', () => {
    const base = newReportDoc();
    const [a, b, c] = replicasOf(base, 3) as [Y.Doc, Y.Doc, Y.Doc];
    addTimesheetEntry(a, { startTime: '06:00', endTime: '12:00' });
    addTimesheetEntry(b, { startTime: '12:00', endTime: '17:00' });
    addTimesheetEntry(c, { startTime: '06:00', endTime: '08:00' });
    for (const replica of [a, b, c])
      expect(validateReport(readReport(replica)).timesheet).toEqual([]);
    const merged = expectConverged(mergedEverywhere([a, b, c]));
    expect(merged.timesheet).toHaveLength(3);
    expect(merged.totals).toMatchObject({
      timesheetHours: 13,
      remainingHours: 0,
      timesheetOverCap: true,
    });
    expect(validateReport(merged).timesheet).toEqual([TIMESHEET_OVER_CAP_MESSAGE]);
  });

  it('keeps both assignments and shows the duplicate message when two phones assign the same person', () => {
    const base = newReportDoc();
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    assignCrewMember(a, { crewMemberName: 'Bob', role: 'driller', isPrimary: true });
    assignCrewMember(b, { crewMemberName: 'Bob', role: 'driller', isPrimary: true });
    const merged = expectConverged(mergedEverywhere([a, b]));
    expect(merged.crew).toHaveLength(2);
    expect(merged.crew.filter((x) => x.isPrimary)).toHaveLength(1);
    expect(validateReport(merged).crew).toEqual([CREW_MESSAGES.duplicate]);
  });
});
