import { describe, expect, it } from 'vitest';
import type { HoleId } from '../ids/ids.ts';
import { assignCrewMember } from '../crew-assignment/crew-assignment-doc.ts';
import { addHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { addRun } from '../run/run-doc.ts';
import { setReportNotes, updateShiftDetails } from '../shift-summary/report-meta-doc.ts';
import { addSurveyEntry } from '../survey/survey-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { readReport } from './snapshot.ts';
import { TEST_RIG_ID, TEST_SITE_ID, newReportDoc } from './testing.ts';
import { toBundle } from './to-bundle.ts';

const DH1 = 'DH-2025-001' as HoleId;

function filledReport() {
  const doc = newReportDoc();
  addHoleToReport(doc, { holeId: DH1, constantStickUp: 0.5 });
  addRun(doc, DH1, { rodAdded: true, stickUp: 0 });
  addRun(doc, DH1, { rodAdded: true, stickUp: 0.5, oriToolUsed: true, notes: 'ori run' });
  assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller', isPrimary: true });
  assignCrewMember(doc, { crewMemberName: 'Ann', role: 'offsider' });
  addTimesheetEntry(doc, { startTime: '06:00', endTime: '14:00', holeId: DH1 });
  addSurveyEntry(doc, { holeId: DH1, depth: 6.4, azimuth: 45, dip: -58, magneticTotal: 51000 });
  addMaintenanceEntry(doc, { description: 'Grease', timeSpent: 0.5 });
  addHireToolUsage(doc, { toolName: 'Pump', quantity: 2, hours: 1.5, ratePerHour: 10 });
  setReportNotes(doc, 'Good shift');
  return doc;
}

describe('toBundle', () => {
  it('computes the bundle from the document with derived runs, hours, costs and totals', () => {
    const doc = filledReport();
    const bundle = toBundle(doc);
    const id = readReport(doc).id;
    expect(bundle.shiftSummary).toMatchObject({
      id,
      date: '2025-07-14',
      shiftType: 'day',
      operator: 'Bob',
      siteId: TEST_SITE_ID,
      rigId: TEST_RIG_ID,
      site: 'North Pit',
      rig: 'Rig 7',
      totalDepthDrilled: 6.4,
      hoursWorked: 8,
      avgRate: 0.8,
      holesCompleted: 0,
      notes: 'Good shift',
      status: 'active',
      completedAt: null,
    });
    expect(bundle.runSheetEntries).toEqual([
      expect.objectContaining({
        holeId: DH1,
        runNumber: 1,
        fromDepth: 0,
        toDepth: 3.5,
        interval: 3.5,
        depth: 3.5,
        barrelType: 'NQ',
        chargeable: true,
        oriExtension: false,
      }),
      expect.objectContaining({
        runNumber: 2,
        fromDepth: 3.5,
        toDepth: 6.4,
        interval: 2.9,
        oriExtension: true,
        oriToolUsed: true,
        notes: 'ori run',
      }),
    ]);
    expect(
      bundle.crewAssignments.map((a) => [a.crewMemberName, a.role, a.isPrimary, a.shiftSummaryId]),
    ).toEqual(
      expect.arrayContaining([
        ['Bob', 'driller', true, id],
        ['Ann', 'offsider', false, id],
      ]),
    );
    expect(bundle.timesheetEntries[0]).toMatchObject({
      holeId: DH1,
      activity: 'drilling',
      hours: 8,
    });
    expect(bundle.surveyEntries[0]).toMatchObject({
      depth: 6.4,
      azimuth: 45,
      dip: -58,
      magneticTotal: 51000,
      method: 'magnetic',
    });
    expect(bundle.maintenanceEntries[0]).toMatchObject({
      equipmentType: 'rig',
      componentType: 'hydraulics',
      timeSpent: 0.5,
    });
    expect(bundle.hireToolsUsage[0]).toMatchObject({ toolName: 'Pump', totalCost: 30 });
  });

  it('carries the level entered in Shift Details, and null when none was', () => {
    const doc = newReportDoc();
    expect(toBundle(doc).shiftSummary.level).toBeNull();
    updateShiftDetails(doc, { level: '1040 RL' });
    expect(toBundle(doc).shiftSummary.level).toBe('1040 RL');
  });

  it('takes site and rig names from the setup snapshot when given', () => {
    const bundle = toBundle(readReport(filledReport()), {
      sites: [{ id: TEST_SITE_ID, siteName: 'Renamed Pit' }],
      rigs: [{ id: TEST_RIG_ID, rigName: 'Rig 9' }],
    });
    expect(bundle.shiftSummary).toMatchObject({ site: 'Renamed Pit', rig: 'Rig 9' });
  });
});
