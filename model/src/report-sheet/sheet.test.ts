import { describe, expect, it } from 'vitest';
import { assignCrewMember } from '../crew-assignment/crew-assignment-doc.ts';
import { addHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import type { HoleId } from '../ids/ids.ts';
import { addMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { addPhoto } from '../photos/photos-part.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import { addRun } from '../run/run-doc.ts';
import {
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  updateShiftDetails,
} from '../shift-summary/report-meta-doc.ts';
import { returnReport } from '../shift-summary/supervisor-decision.ts';
import { addSurveyEntry } from '../survey/survey-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { summaryOverrideMarks } from './overrides.ts';
import { SIGN_OFF_CERTIFICATIONS, chargesSheetTable, plodSheet } from './sheet.ts';

const DH1 = 'DH-SHEET-1' as HoleId;
const run = (notes: string | null = null, recoveredLength: number | null = null) =>
  ({
    style: 'run-sheet',
    rodAdded: true,
    stickUp: 0.5,
    oriToolUsed: false,
    notes,
    recoveredLength,
  }) as const;

function fullPlod() {
  const doc = newReportDoc();
  updateShiftDetails(doc, { level: '1040 RL' });
  assignCrewMember(doc, {
    crewMemberName: 'Jordan Offsider',
    role: 'offsider',
    breakHours: 0.5,
    travelHours: 1.5,
    hoursNotes: 'Drove in',
  });
  assignCrewMember(doc, { crewMemberName: 'Alex Driller', role: 'driller', isPrimary: true });
  addHoleToReport(doc, { holeId: DH1, targetDepth: 50, constantStickUp: 0.5 });
  addRun(doc, DH1, run());
  addRun(doc, DH1, run('soft ground', 2.4));
  addTimesheetEntry(doc, {
    holeId: DH1,
    activity: 'drilling',
    startTime: '06:00',
    endTime: '12:00',
  });
  addSurveyEntry(doc, { holeId: DH1, depth: 6, azimuth: 275, dip: -60 });
  addMaintenanceEntry(doc, { description: 'Replaced hose', timeSpent: 1.5, partsUsed: 'Hose' });
  addHireToolUsage(doc, { toolName: 'Survey camera', quantity: 1, hours: 2, ratePerHour: 40 });
  setReportNotes(doc, 'Good ground');
  addPhoto(doc, {
    attachmentId: '01936B2C-0000-7000-8000-00000000A001',
    holeId: DH1,
    fromDepth: 3,
    toDepth: 5.5,
    caption: 'Tray 1',
    contentType: 'image/jpeg',
    bytes: 400_000,
    width: 1600,
    height: 1200,
    takenAt: null,
  });
  return doc;
}

describe('the plod sheet', () => {
  it('holds every section of the plod as text', () => {
    const sheet = plodSheet(readReport(fullPlod()));
    expect(sheet.title).toBe('North Pit - Rig 7');
    expect(sheet.subtitle).toBe('2025-07-14 · Day Shift · 6:00 AM - 6:00 PM');
    expect(sheet.shiftDetails).toContainEqual({ label: 'Level', value: '1040 RL' });
    expect(sheet.crew.rows).toEqual([
      [
        'Alex Driller',
        'Driller',
        'Primary driller',
        '6:00 AM',
        '6:00 PM',
        '0.00',
        '12.00',
        '0.00',
        '—',
      ],
      [
        'Jordan Offsider',
        'Offsider',
        '',
        '6:00 AM',
        '6:00 PM',
        '0.50',
        '11.50',
        '1.50',
        'Drove in',
      ],
    ]);
    expect(sheet.crew.totals).toBe('Worked 23.50 h · Travel 1.50 h · Paid 25.00 h');
    const [hole] = sheet.holes;
    expect(hole?.holeId).toBe(DH1);
    expect(hole?.runs.rows.map((r) => r.slice(0, 4))).toEqual([
      ['1', '0.0', '3.0', '3.0'],
      ['2', '3.0', '5.5', '2.5'],
    ]);
    expect(hole?.runs.rows.map((r) => r[6])).toEqual(['—', '2.40 m (96.0%)']);
    expect(hole?.runs.rows[1]?.[7]).toBe('soft ground');
    // Recovery per hole and per plod counts only the runs that recorded it.
    expect(hole?.facts).toContainEqual({ label: 'Core recovery', value: '96.0% (2.4 of 2.5 m)' });
    expect(sheet.summary).toContainEqual({
      label: 'Core Recovery',
      value: '96.0% (2.4 of 2.5 m)',
    });
    expect(sheet.timesheet.rows).toEqual([[DH1, 'Drilling', '6:00 AM', '12:00 PM', '6.0', '—']]);
    expect(sheet.timesheet.totals).toBe('Total 6.0 h · Remaining 6.0 h');
    // The magnetic total was not given: blank (a dash) on the sheet and the PDF, never 0.
    expect(sheet.survey.rows[0]?.slice(0, 5)).toEqual([DH1, '6.0', '275°', '-60°', '—']);
    expect(sheet.summary).toContainEqual({ label: 'Total Depth', value: '5.5 m' });
    const part = (name: string) => sheet.parts.find((p) => p.name === name)?.table;
    // The parts' tables in the order a plod reads them (photos are drawn as thumbnails instead).
    expect(sheet.parts.map((p) => p.table.title)).toEqual([
      'Maintenance',
      'Hire tools',
      'Downtime',
      'Consumables',
      'Bits',
    ]);
    expect(part('maintenance')?.rows[0]).toContain('Replaced hose');
    expect(part('hire-tools')?.rows[0]).toEqual([
      'Survey camera',
      '1',
      '2',
      '$40.00',
      '$80.00',
      '—',
    ]);
    expect(part('hire-tools')?.totals).toBe('Total cost $80.00');
    expect(sheet.notes).toBe('Good ground');
    expect(sheet.photos).toEqual([
      {
        attachmentId: '01936b2c-0000-7000-8000-00000000a001',
        contentType: 'image/jpeg',
        label: `${DH1} 3.0–5.5 m · Tray 1`,
        takenAt: null,
      },
    ]);
    expect(sheet.signOff.certifications).toEqual(SIGN_OFF_CERTIFICATIONS);
  });

  it('says who set the status and when, and carries the return comment', () => {
    const doc = fullPlod();
    setStatus(doc, 'sent', '2025-07-14T18:00:00.000Z', 'Alex Driller (Rig phone)');
    returnReport(doc, 'Hours look short', 'client-a', '2025-07-15T09:30:00.000Z');
    const sheet = plodSheet(readReport(doc), { formatTime: (iso) => `<${iso}>` });
    expect(sheet.status).toEqual({
      status: 'returned',
      label: 'Returned',
      line: 'Returned by client-a on <2025-07-15T09:30:00.000Z>',
      returnComment: 'Hours look short',
      reopenReason: null,
    });
  });

  it('marks overridden summary values with what the rows add up to', () => {
    const doc = fullPlod();
    expect(summaryOverrideMarks(readReport(doc))).toEqual([]);
    setSummaryOverrides(doc, { totalDepthDrilled: 12.5, hoursWorked: 11, holesCompleted: 1 });
    const report = readReport(doc);
    expect(summaryOverrideMarks(report).map((m) => m.note)).toEqual([
      'overridden; runs add to 5.5 m',
      'overridden; timesheet adds to 6.0 h',
      'overridden; 0 holes are complete by depth',
    ]);
    const depth = plodSheet(report).summary.find((f) => f.label === 'Total Depth');
    expect(depth).toEqual({
      label: 'Total Depth',
      value: '12.5 m',
      override: { derived: '5.5 m', note: 'overridden; runs add to 5.5 m' },
    });
  });
});

describe('chargesSheetTable', () => {
  const version = { id: 'v1', contractId: 'c1', effectiveFrom: '2025-01-01' };

  it('lists each charge line in dollars with a total naming the contract version', () => {
    const sheet = chargesSheetTable({
      version,
      totalCents: 1_124_900,
      lines: [
        {
          kind: 'metres',
          description: 'Drilling NQ 0-300 m',
          quantity: 112.5,
          unit: 'm',
          rateCents: 10_000,
          amountCents: 1_125_000,
          unpriced: false,
        },
        {
          kind: 'metres-override',
          description: 'Metres typed: 112.49 m over 112.5 m from the runs (NQ 0-300 m)',
          quantity: -0.01,
          unit: 'm',
          rateCents: 10_000,
          amountCents: -100,
          unpriced: false,
        },
        {
          kind: 'standby',
          description: 'Standby: Waiting on client (no rate in the contract)',
          quantity: 1.5,
          unit: 'h',
          rateCents: 0,
          amountCents: 0,
          unpriced: true,
        },
      ],
    });
    expect(sheet?.columns.map((c) => [c.header, c.numeric ?? false])).toEqual([
      ['Description', false],
      ['Quantity', true],
      ['Rate', true],
      ['Amount', true],
    ]);
    expect(sheet?.rows).toEqual([
      ['Drilling NQ 0-300 m', '112.5 m', '100.00', '11,250.00'],
      [
        'Metres typed: 112.49 m over 112.5 m from the runs (NQ 0-300 m)',
        '-0.01 m',
        '100.00',
        '-1.00',
      ],
      ['Standby: Waiting on client (no rate in the contract)', '1.5 h', '0.00', '0.00'],
    ]);
    expect(sheet?.totals).toBe('Total 11,249.00 (contract from 2025-01-01)');
  });

  it('is a table saying so when the version prices nothing, and absent with no version in force', () => {
    const empty = chargesSheetTable({ version, totalCents: 0, lines: [] });
    expect([empty?.rows, empty?.empty, empty?.totals]).toEqual([
      [],
      'No charges on this plod',
      null,
    ]);
    expect(chargesSheetTable({ version: null, totalCents: 0, lines: [] })).toBeNull();
  });
});
