/**
 * Test helpers for the CSV tests: a complete bundle to vary, and a reader that parses the export back
 * with csv-parse into sections keyed by title. Not exported from the package.
 */
import { parse } from 'csv-parse/sync';
import type { ShiftReportBundle } from '../../bundle/bundle';

/** A bundle with one row in every section and ordinary values everywhere. */
export function fullBundle(): ShiftReportBundle {
  return {
    shiftSummary: {
      id: 'rep-1',
      date: '2025-03-14',
      shiftType: 'day',
      operator: 'Sam Driller',
      siteId: 'site-1',
      rigId: 'rig-1',
      site: 'Mt Keith',
      rig: 'Rig 7',
      level: 'Level 3',
      startTime: '06:00',
      endTime: '18:00',
      holesCompleted: 1,
      totalDepthDrilled: 42.25,
      hoursWorked: 11.5,
      avgRate: 3.673913,
      notes: 'Good shift',
      status: 'active',
      completedAt: null,
      createdAt: '2025-03-14T05:58:00.000Z',
    },
    crewAssignments: [
      {
        id: 'crew-1',
        shiftSummaryId: 'rep-1',
        crewMemberName: 'Sam Driller',
        role: 'driller',
        isPrimary: true,
        startTime: '06:00',
        finishTime: '18:00',
        breakHours: 0.5,
        hours: 11.5,
        travelHours: 0,
        paidHours: 11.5,
        hoursNotes: null,
      },
      {
        id: 'crew-2',
        shiftSummaryId: 'rep-1',
        crewMemberName: 'Alex Offsider',
        role: 'offsider',
        isPrimary: false,
        startTime: '05:30',
        finishTime: '18:00',
        breakHours: 0.5,
        hours: 12,
        travelHours: 1.25,
        paidHours: 13.25,
        hoursNotes: 'Drove the water truck',
      },
    ],
    runSheetEntries: [
      {
        id: 'run-1',
        holeId: 'DH001',
        runNumber: 1,
        fromDepth: 0,
        toDepth: 3,
        interval: 3,
        stickUp: 0.5,
        notes: null,
        barrelType: 'NQ',
        oriExtension: false,
        oriPassed: true,
        rodAdded: true,
        oriToolUsed: false,
        depth: 3,
        chargeable: true,
        recoveredLength: 2.85,
      },
    ],
    surveyEntries: [
      {
        id: 'svy-1',
        holeId: 'DH001',
        depth: 30,
        azimuth: 270,
        dip: -60,
        magneticTotal: 58123,
        method: 'gyroscopic',
        operator: null,
        notes: null,
      },
    ],
    timesheetEntries: [
      {
        id: 'ts-1',
        holeId: 'DH001',
        activity: 'drilling',
        startTime: '06:00',
        endTime: '17:30',
        hours: 11.5,
        notes: null,
      },
    ],
    maintenanceEntries: [
      {
        id: 'mx-1',
        equipmentType: 'rig',
        componentType: 'hydraulics',
        maintenanceType: 'inspection',
        description: 'Checked hoses',
        timeSpent: 0.5,
        partsUsed: null,
        status: 'completed',
        notes: null,
      },
    ],
    hireToolsUsage: [
      {
        id: 'hire-1',
        toolName: 'Core splitter',
        quantity: 2,
        hours: 1.5,
        ratePerHour: 12.5,
        totalCost: 37.5,
        notes: null,
      },
    ],
    downtimeEntries: [
      {
        id: 'down-1',
        codeId: 'code-1',
        codeName: 'Client standby, "geo"',
        codeGroup: 'client-standby',
        chargeable: true,
        startTime: '23:30',
        endTime: '01:00',
        hours: 1.5,
        holeId: 'DH-001',
        notes: null,
      },
    ],
    consumableEntries: [
      {
        id: 'cons-1',
        consumableId: 'item-1',
        itemName: 'Drilling mud, "bentonite"',
        unit: 'bag',
        unitPrice: 24.5,
        quantity: 3,
        holeId: 'DH-001',
        notes: null,
      },
    ],
    bitChanges: [
      {
        id: 'bit-1',
        bitSerial: 'NQ-7781',
        holeId: 'DH-001',
        action: 'in',
        depth: 12.5,
        notes: 'New bit, "7-9" matrix',
      },
    ],
    photos: [
      {
        id: 'photo-1',
        attachmentId: '01936b2c-0000-7000-8000-00000000a001',
        holeId: 'DH001',
        fromDepth: 12.5,
        toDepth: 15,
        caption: 'Tray 3, broken ground',
        contentType: 'image/jpeg',
        bytes: 412345,
        width: 1600,
        height: 1200,
        takenAt: '2025-03-01T09:15:00.000Z',
      },
    ],
  };
}

/** A bundle whose only section is the shift summary. */
export function summaryOnlyBundle(): ShiftReportBundle {
  return {
    ...fullBundle(),
    crewAssignments: [],
    runSheetEntries: [],
    surveyEntries: [],
    timesheetEntries: [],
    maintenanceEntries: [],
    hireToolsUsage: [],
    downtimeEntries: [],
    consumableEntries: [],
    bitChanges: [],
    photos: [],
  };
}

/** A parsed section: its title line, its header row and its data rows keyed by header. */
export interface ParsedSection {
  title: string;
  header: string[];
  rows: Record<string, string>[];
}

/** Parses CSV text with a standard parser; ragged rows are allowed, as the format has them. */
export function parseRecords(csv: string): string[][] {
  return parse(csv, { relax_column_count: true }) as string[][];
}

/** Splits parsed records into sections at blank lines, keying data rows by the header row. */
export function parseSections(csv: string): ParsedSection[] {
  const sections: ParsedSection[] = [];
  let block: string[][] = [];
  const flush = (): void => {
    const [titleRow, header = [], ...data] = block;
    if (titleRow !== undefined) {
      const rows = data.map((cells) =>
        Object.fromEntries(header.map((name, i): [string, string] => [name, cells[i] ?? ''])),
      );
      sections.push({ title: titleRow[0] ?? '', header, rows });
    }
    block = [];
  };
  for (const record of parseRecords(csv)) {
    if (record.length === 1 && record[0] === '') flush();
    else block.push(record);
  }
  flush();
  return sections;
}

/** The SHIFT SUMMARY section's Field,Value rows as a map from field to value. */
export function summaryValues(csv: string): Record<string, string> {
  const summary = parseSections(csv).find((s) => s.title === 'SHIFT SUMMARY');
  if (summary === undefined) throw new Error('no SHIFT SUMMARY section');
  return Object.fromEntries(summary.rows.map((row) => [row.Field ?? '', row.Value ?? '']));
}

/** The rows of the section with this title; throws when the section is absent. */
export function sectionRows(csv: string, title: string): Record<string, string>[] {
  const section = parseSections(csv).find((s) => s.title === title);
  if (section === undefined) throw new Error(`no ${title} section`);
  return section.rows;
}
