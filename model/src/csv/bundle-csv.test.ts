import { describe, expect, it } from 'vitest';
import type { ShiftReportBundle } from '../bundle/bundle';
import { bundleToCsv, CSV_SECTION_TITLES, reportsToCsv } from './bundle-csv';
import {
  fullBundle,
  parseRecords,
  parseSections,
  sectionRows,
  summaryOnlyBundle,
  summaryValues,
} from './test/bundles.ts';

function awkwardBundle(): ShiftReportBundle {
  const bundle = fullBundle();
  bundle.shiftSummary.operator = null;
  bundle.shiftSummary.notes = 'Wet ground, "soft" clay\r\nstopped at 42 m';
  for (const survey of bundle.surveyEntries) {
    survey.dip = -60;
    survey.notes = '=HYPERLINK("x")';
  }
  return bundle;
}

describe('bundleToCsv round trip through a standard CSV parser', () => {
  const csv = bundleToCsv(awkwardBundle());

  it('keeps notes with a comma, a quote and a line break intact', () => {
    expect(summaryValues(csv).notes).toBe('Wet ground, "soft" clay\r\nstopped at 42 m');
  });

  it('prints a missing operator as N/A', () => {
    expect(summaryValues(csv).operator).toBe('N/A');
  });

  it('reads every shift summary field back as intended', () => {
    expect(summaryValues(csv)).toEqual({
      id: 'rep-1',
      date: '2025-03-14',
      shiftType: 'day',
      operator: 'N/A',
      siteId: 'site-1',
      rigId: 'rig-1',
      site: 'Mt Keith',
      rig: 'Rig 7',
      level: 'Level 3',
      startTime: '06:00',
      endTime: '18:00',
      holesCompleted: '1',
      totalDepthDrilled: '42.3',
      hoursWorked: '11.50',
      avgRate: '3.67',
      notes: 'Wet ground, "soft" clay\r\nstopped at 42 m',
      status: 'active',
      completedAt: 'N/A',
    });
  });

  it("gives the crew section each person's start, finish, break, hours, travel and paid hours", () => {
    expect(sectionRows(csv, 'CREW ASSIGNMENTS')[1]).toMatchObject({
      startTime: '05:30',
      finishTime: '18:00',
      breakHours: '0.50',
      hours: '12.00',
      travelHours: '1.25',
      paidHours: '13.25',
      hoursNotes: 'Drove the water truck',
    });
  });

  it('prints booleans as Yes and No under the CSV names', () => {
    expect(sectionRows(csv, 'CREW ASSIGNMENTS').map((r) => r.isPrimaryDriller)).toEqual([
      'Yes',
      'No',
    ]);
    const [run] = sectionRows(csv, 'RUN SHEET ENTRIES');
    expect(run).toMatchObject({
      oriExtension: 'No',
      oriPassed: 'Yes',
      rodAdded: 'Yes',
      oriToolUsed: 'No',
      chargeable: 'Yes',
    });
  });

  it('neutralises a formula in notes and keeps a negative dip numeric', () => {
    const [survey] = sectionRows(csv, 'SURVEY ENTRIES');
    expect(survey).toEqual({
      id: 'svy-1',
      holeId: 'DH001',
      depth: '30.0',
      azimuth: '270',
      dip: '-60',
      magneticTotalField: '58123',
      surveyMethod: 'gyroscopic',
      operator: 'N/A',
      notes: `'=HYPERLINK("x")`,
    });
  });

  it('leaves a magnetic total that was not read blank (never 0) and keeps a decimal dip', () => {
    const bundle = fullBundle();
    for (const survey of bundle.surveyEntries) {
      survey.magneticTotal = null;
      survey.dip = -59.5;
      survey.azimuth = 275.5;
    }
    const [survey] = sectionRows(bundleToCsv(bundle), 'SURVEY ENTRIES');
    expect(survey).toMatchObject({ magneticTotalField: '', dip: '-59.5', azimuth: '275.5' });
  });

  it('reads run sheet depths to one decimal, stick-up and recovered length to two', () => {
    const [run] = sectionRows(csv, 'RUN SHEET ENTRIES');
    expect(run).toEqual({
      id: 'run-1',
      holeId: 'DH001',
      runNumber: '1',
      fromDepth: '0.0',
      toDepth: '3.0',
      interval: '3.0',
      stickUp: '0.50',
      notes: 'N/A',
      barrelType: 'NQ',
      oriExtension: 'No',
      oriPassed: 'Yes',
      rodAdded: 'Yes',
      oriToolUsed: 'No',
      depth: '3.0',
      chargeable: 'Yes',
      recoveredLength: '2.85',
    });
  });

  it('reads timesheet, maintenance and hire tool rows back under their CSV names', () => {
    expect(sectionRows(csv, 'TIMESHEET ENTRIES')).toEqual([
      {
        id: 'ts-1',
        holeId: 'DH001',
        activity: 'drilling',
        startTime: '06:00',
        endTime: '17:30',
        hours: '11.50',
        notes: 'N/A',
      },
    ]);
    expect(sectionRows(csv, 'MAINTENANCE ENTRIES')).toEqual([
      {
        id: 'mx-1',
        equipmentType: 'rig',
        componentType: 'hydraulics',
        maintenanceType: 'inspection',
        description: 'Checked hoses',
        timeSpent: '0.50',
        partsUsed: 'N/A',
        status: 'completed',
        notes: 'N/A',
      },
    ]);
    expect(sectionRows(csv, 'HIRE TOOLS USAGE')).toEqual([
      {
        id: 'hire-1',
        toolName: 'Core splitter',
        quantity: '2',
        hoursUsed: '1.50',
        ratePerHour: '12.50',
        totalCost: '37.50',
        notes: 'N/A',
      },
    ]);
    expect(sectionRows(csv, 'DOWNTIME')).toEqual([
      {
        id: 'down-1',
        code: 'Client standby, "geo"',
        group: 'client-standby',
        chargeable: 'Yes',
        startTime: '23:30',
        endTime: '01:00',
        hours: '1.50',
        holeId: 'DH-001',
        notes: 'N/A',
      },
    ]);
  });
});

describe('bundleToCsv layout', () => {
  it('writes every section in SPEC order when each has rows', () => {
    expect(parseSections(bundleToCsv(fullBundle())).map((s) => s.title)).toEqual([
      ...CSV_SECTION_TITLES,
    ]);
  });

  it('writes only the shift summary when every other list is empty', () => {
    const sections = parseSections(bundleToCsv(summaryOnlyBundle()));
    expect(sections.map((s) => s.title)).toEqual(['SHIFT SUMMARY']);
    expect(sections[0]?.header).toEqual(['Field', 'Value']);
  });

  it('omits only the empty sections and keeps the others in order', () => {
    const bundle = fullBundle();
    bundle.crewAssignments = [];
    bundle.maintenanceEntries = [];
    expect(parseSections(bundleToCsv(bundle)).map((s) => s.title)).toEqual([
      'SHIFT SUMMARY',
      'RUN SHEET ENTRIES',
      'SURVEY ENTRIES',
      'TIMESHEET ENTRIES',
      'HIRE TOOLS USAGE',
      'DOWNTIME',
      'CONSUMABLES',
      'BIT CHANGES',
      'PHOTOS',
    ]);
  });

  it('writes the bit changes after the hire tools, quoted like every text cell', () => {
    const section = parseSections(bundleToCsv(fullBundle())).find((s) => s.title === 'BIT CHANGES');
    expect(section?.header).toEqual(['id', 'bitSerial', 'holeId', 'action', 'depth', 'notes']);
    expect(section?.rows).toEqual([
      {
        id: 'bit-1',
        bitSerial: 'NQ-7781',
        holeId: 'DH-001',
        action: 'in',
        depth: '12.50',
        notes: 'New bit, "7-9" matrix',
      },
    ]);
    expect(bundleToCsv(fullBundle())).toContain('"New bit, ""7-9"" matrix"');
  });

  it('ends every record with CRLF and separates sections with one blank line', () => {
    const csv = bundleToCsv(fullBundle());
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.endsWith('\r\n\r\n')).toBe(false);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(csv).toContain('\r\n\r\nCREW ASSIGNMENTS\r\nid,shiftSummaryId,');
    expect(csv.startsWith('SHIFT SUMMARY\r\nField,Value\r\nid,rep-1\r\n')).toBe(true);
  });

  it('prints missing text as N/A and non-finite numbers as 0', () => {
    const bundle = summaryOnlyBundle();
    Object.assign(bundle.shiftSummary, {
      date: null,
      shiftType: null,
      site: '   ',
      rig: '',
      totalDepthDrilled: Number.NaN,
      hoursWorked: Number.POSITIVE_INFINITY,
      holesCompleted: Number.NaN,
    });
    const values = summaryValues(bundleToCsv(bundle));
    expect(values).toMatchObject({
      date: 'N/A',
      shiftType: 'N/A',
      site: 'N/A',
      rig: 'N/A',
      totalDepthDrilled: '0.0',
      hoursWorked: '0.00',
      holesCompleted: '0',
    });
  });

  it('rounds money half away from zero as a calculator does', () => {
    const bundle = fullBundle();
    for (const hire of bundle.hireToolsUsage) {
      hire.totalCost = 2.675;
      hire.ratePerHour = 1.005;
    }
    const [hire] = sectionRows(bundleToCsv(bundle), 'HIRE TOOLS USAGE');
    expect(hire).toMatchObject({ totalCost: '2.68', ratePerHour: '1.01' });
  });

  it('gives byte-identical output for equal bundles and leaves the input unchanged', () => {
    const bundle = awkwardBundle();
    expect(bundleToCsv(bundle)).toBe(bundleToCsv(awkwardBundle()));
    expect(bundle).toEqual(awkwardBundle());
  });
});

describe('reportsToCsv', () => {
  it('opens each report with a numbered REPORT line and keeps each report parseable', () => {
    const second = fullBundle();
    second.shiftSummary.id = 'rep-2';
    const csv = reportsToCsv([summaryOnlyBundle(), second]);
    const markers = parseRecords(csv).filter((r) => r[0] === 'REPORT');
    expect(markers).toEqual([
      ['REPORT', '1 of 2'],
      ['REPORT', '2 of 2'],
    ]);
    const [firstPart, secondPart] = csv.split(/REPORT,\d of 2\r\n/).filter((p) => p !== '');
    expect(firstPart).toBe(`${bundleToCsv(summaryOnlyBundle())}\r\n`);
    expect(secondPart).toBe(bundleToCsv(second));
  });

  it('gives an empty text for no reports', () => {
    expect(reportsToCsv([])).toBe('');
  });
});
