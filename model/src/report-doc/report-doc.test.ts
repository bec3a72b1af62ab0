import { describe, expect, it } from 'vitest';
import type { HoleId } from '../ids/ids.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addRun, removeRun, updateRun } from '../run/run-doc.ts';
import {
  addTimesheetEntry,
  removeTimesheetEntry,
  updateTimesheetEntry,
} from '../timesheet/timesheet-doc.ts';
import { addMaintenanceEntry, updateMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { addHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addSurveyEntry } from '../survey/survey-doc.ts';
import {
  applyShiftSummaryUpdate,
  setStatus,
  setSummaryOverrides,
  updateShiftDetails,
} from '../shift-summary/report-meta-doc.ts';
import { readReport } from './snapshot.ts';
import { expectModelError, newReportDoc, runInput } from './testing.ts';
import { reportSummary } from './summary.ts';

const DH1 = 'DH-2025-001' as HoleId;

describe('report document', () => {
  it('starts active with the current schema version and the shift details', () => {
    const snapshot = readReport(newReportDoc());
    expect(snapshot).toMatchObject({
      status: 'active',
      schemaVersion: 3,
      shift: { siteName: 'North Pit' },
    });
    expect(snapshot.createdAt).not.toBeNull();
  });

  it('chains runs from 0 m with the 4 m barrel first and derives depth and status', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, targetDepth: 9, constantStickUp: 0.5 });
    addRun(doc, DH1, runInput());
    addRun(doc, DH1, runInput({ stickUp: 0.5, oriToolUsed: true, notes: 'ori' }));
    const hole = readReport(doc).holes[0];
    expect(hole?.runs.map((r) => [r.runNumber, r.fromDepth, r.toDepth])).toEqual([
      [1, 0, 3.5],
      [2, 3.5, 6.4],
    ]);
    expect(hole).toMatchObject({
      currentDepth: 6.4,
      status: 'ACTIVE',
      nearTarget: true,
      progress: 71.1,
    });
  });

  it('refuses a run on a complete hole with a typed error', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, targetDepth: 3, constantStickUp: 0 });
    addRun(doc, DH1, runInput({ style: 'add-run', stickUp: 0.2 }));
    expect(readReport(doc).holes[0]?.status).toBe('COMPLETE');
    expectModelError(
      () => addRun(doc, DH1, runInput({ style: 'add-run', stickUp: 0.2 })),
      'hole-complete',
    );
  });

  it('refuses a run the Add Run rule disables and a run on a hole not in the report', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1 });
    expectModelError(
      () => addRun(doc, DH1, runInput({ style: 'add-run', rodAdded: false })),
      'run-not-allowed',
    );
    expectModelError(() => addRun(doc, 'DH-X' as HoleId, runInput()), 'not-found');
  });

  it('continues a hole from an earlier shift at its depth and run number, and refuses a complete one', () => {
    const doc = newReportDoc();
    addHoleToReport(
      doc,
      { holeId: DH1, targetDepth: 100 },
      { startDepth: 40, startRunNumber: 14, startStickUp: 0.6 },
    );
    addRun(doc, DH1, runInput({ style: 'add-run', rodAdded: false, stickUp: 0.1 }));
    expect(readReport(doc).holes[0]?.runs[0]).toMatchObject({
      runNumber: 14,
      fromDepth: 40,
      toDepth: 40.6,
    });
    expect(readReport(doc).totals.metresDrilled).toBe(0.6);
    expectModelError(
      () => addHoleToReport(doc, { holeId: 'DH-2', targetDepth: 50 }, { startDepth: 50 }),
      'hole-complete',
    );
  });

  it('re-derives the chain when a run is corrected or removed, and when a hole is marked complete', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, constantStickUp: 0 });
    const first = addRun(doc, DH1, runInput());
    addRun(doc, DH1, runInput({ stickUp: 0.5 }));
    updateRun(doc, first, { stickUp: 1 });
    expect(readReport(doc).holes[0]?.runs.map((r) => r.toDepth)).toEqual([3, 5.5]);
    removeRun(doc, first);
    // The second run moves up to 0 m and becomes run 1, keeping the 2.5 m it measured.
    expect(
      readReport(doc).holes[0]?.runs.map((r) => [r.runNumber, r.fromDepth, r.toDepth]),
    ).toEqual([[1, 0, 2.5]]);
  });

  it('derives hours, costs and totals from rows, and shows overrides when stored', () => {
    const doc = newReportDoc();
    const t = addTimesheetEntry(doc, { startTime: '06:00', endTime: '10:00' });
    addTimesheetEntry(doc, { startTime: '10:00', endTime: '11:30', activity: 'maintenance' });
    updateTimesheetEntry(doc, t, { endTime: '09:00' });
    addHireToolUsage(doc, { toolName: 'Pump', quantity: 2, hours: 1.5, ratePerHour: 10 });
    addSurveyEntry(doc, { depth: 30.5, azimuth: 90 });
    const m = addMaintenanceEntry(doc, { description: 'Grease', timeSpent: 1.5 });
    expect(() => updateMaintenanceEntry(doc, m, { componentType: 'backends' })).toThrow();
    let snapshot = readReport(doc);
    expect(snapshot.timesheet.map((e) => e.hours)).toEqual([3, 1.5]);
    expect(snapshot.totals).toMatchObject({
      timesheetHours: 4.5,
      remainingHours: 7.5,
      hireToolCost: 30,
      maintenanceHours: 1.5,
      averageSurveyDepth: 30.5,
    });
    expect(snapshot.summary).toMatchObject({
      hoursWorked: 4.5,
      totalDepthDrilled: 0,
      holesCompleted: 0,
      operator: null,
    });
    setSummaryOverrides(doc, {
      totalDepthDrilled: 42,
      hoursWorked: 12,
      operator: 'Dee',
      holesCompleted: 1,
    });
    snapshot = readReport(doc);
    expect(snapshot.summary).toEqual({
      operator: 'Dee',
      totalDepthDrilled: 42,
      hoursWorked: 12,
      holesCompleted: 1,
      avgRate: 3.5,
      // What the rows add up to stays beside the overrides.
      derived: { totalDepthDrilled: 0, hoursWorked: 4.5, holesCompleted: 0 },
    });
    setSummaryOverrides(doc, { hoursWorked: null });
    expect(readReport(doc).summary.hoursWorked).toBe(4.5);
    removeTimesheetEntry(doc, t);
    expect(readReport(doc).summary.hoursWorked).toBe(1.5);
  });

  it('counts no hours worked until the timesheet has rows (not the shift span)', () => {
    const doc = newReportDoc();
    updateShiftDetails(doc, { startTime: '18:00', endTime: '06:00', shiftType: 'night' });
    expect(readReport(doc).summary.hoursWorked).toBe(0);
  });

  it('allows only the defined status transitions and stamps completedAt once', () => {
    const doc = newReportDoc();
    setStatus(doc, 'completed', '2025-07-14T18:00:00.000Z');
    setStatus(doc, 'sent', '2025-07-15T08:00:00.000Z');
    expect(readReport(doc)).toMatchObject({
      status: 'sent',
      completedAt: '2025-07-14T18:00:00.000Z',
    });
    expectModelError(() => setStatus(doc, 'active'), 'invalid-status-transition');
    setStatus(doc, 'deleted');
    setStatus(doc, 'active');
    expect(readReport(doc).status).toBe('active');
  });

  it('summarises a report for list views', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, constantStickUp: 0 });
    addRun(doc, DH1, runInput());
    const item = reportSummary(readReport(doc), { siteName: () => 'Renamed Pit' });
    expect(item).toMatchObject({
      site: 'Renamed Pit',
      rig: 'Rig 7',
      date: '2025-07-14',
      shiftType: 'day',
      metresDrilled: 4,
      hours: 0,
      status: 'active',
    });
  });
});

describe('shift summary update body', () => {
  it('applies details, overrides, notes and status in one go', () => {
    const doc = newReportDoc();
    applyShiftSummaryUpdate(doc, {
      shiftType: 'night',
      operator: 'Dee',
      totalDepthDrilled: '30.5',
      notes: 'Wet hole',
      status: 'completed',
      completedAt: '2025-07-15T06:00:00.000Z',
    });
    expect(readReport(doc)).toMatchObject({
      status: 'completed',
      completedAt: '2025-07-15T06:00:00.000Z',
      notes: 'Wet hole',
      shift: { shiftType: 'night', siteName: 'North Pit' },
      summary: { operator: 'Dee', totalDepthDrilled: 30.5 },
    });
  });

  it('changes nothing when the status change is not allowed', () => {
    const doc = newReportDoc();
    setStatus(doc, 'sent');
    expectModelError(
      () => applyShiftSummaryUpdate(doc, { notes: 'late edit', status: 'active' }),
      'invalid-status-transition',
    );
    expect(readReport(doc).notes).toBeNull();
  });
});
