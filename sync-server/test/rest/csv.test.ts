import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { readSetup, reportDocName, SETUP_DOC_NAME, toBundle } from '@plod/model';
import type { ReportId, ShiftReportBundle } from '@plod/model';
import { CSV_SECTION_TITLES, csvFilename } from '@plod/model/csv';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

type Sections = Map<string, string[][]>;

/** Splits parsed records into sections by their title lines. */
function sections(records: string[][]): Sections {
  const out: Sections = new Map();
  let current: string[][] | null = null;
  for (const record of records) {
    const first = record[0] ?? '';
    if (record.length === 1 && (CSV_SECTION_TITLES as readonly string[]).includes(first)) {
      current = [];
      out.set(first, current);
    } else if (current && record.some((cell) => cell !== '')) {
      current.push(record);
    }
  }
  return out;
}

/** True when a CSV cell shows the document value under SPEC's formatting (N/A, Yes/No, rounding). */
function shows(cell: string, value: unknown): boolean {
  if (value === null || value === undefined || value === '')
    return cell === 'N/A' || cell === '0' || cell === '';
  if (typeof value === 'boolean') return cell === (value ? 'Yes' : 'No');
  if (typeof value === 'number') return Math.abs(Number(cell) - value) < 0.051;
  return cell === String(value) || cell === `'${String(value)}`;
}

function compareTable(rows: string[][] | undefined, docRows: readonly object[]): number {
  expect(rows?.length ?? 0).toBe(docRows.length === 0 ? 0 : docRows.length + 1);
  if (!rows) return 0;
  const [header = [], ...data] = rows;
  let compared = 0;
  data.forEach((record, index) => {
    const docRow = new Map(Object.entries(docRows[index] ?? {}));
    header.forEach((name, column) => {
      if (!docRow.has(name)) return;
      expect(shows(record[column] ?? '', docRow.get(name)), `${name}: ${record[column]}`).toBe(
        true,
      );
      compared += 1;
    });
  });
  return compared;
}

describe('CSV export', () => {
  let api: Api;
  let id: ReportId;
  let bundle: ShiftReportBundle;
  beforeAll(async () => {
    api = await demoApi();
    id = (await api.report({
      operator: 'Pat, "the driller"',
      notes: 'line one\nline two',
    })) as ReportId;
    const q = `?shiftSummaryId=${id}`;
    await api.call('POST', '/api/crew-assignments', {
      shiftSummaryId: id,
      crewMemberName: 'Alex Driller',
      role: 'driller',
      isPrimary: true,
    });
    await api.call('POST', `/api/run-sheet-entries${q}`, { holeId: 'DH001', notes: '=SUM(A1)' });
    await api.call('POST', `/api/run-sheet-entries${q}`, { holeId: 'DH001', stickUp: 0.3 });
    await api.call('POST', `/api/timesheet-entries${q}`, {
      startTime: '06:00',
      endTime: '07:15',
      activity: 'travel',
      notes: 'a, b',
    });
    await api.call('POST', `/api/survey-entries${q}`, {
      holeId: 'DH001',
      depth: 12.5,
      azimuth: 90,
      dip: -55,
    });
    await api.call('POST', `/api/maintenance-entries${q}`, {
      description: 'Hydraulic hose',
      timeSpent: 1.5,
      status: 'pending',
    });
    await api.call('POST', `/api/hire-tools-usage${q}`, {
      toolName: 'Pump',
      quantity: 2,
      hours: 3,
      ratePerHour: 12.5,
    });
    await api.call('PUT', `/api/shift-summaries/${id}`, { status: 'completed' });
    const reference = await api.server.manager.read(SETUP_DOC_NAME, (doc) => readSetup(doc));
    bundle = await api.server.manager.read(reportDocName(id), (doc) => toBundle(doc, reference));
  });
  afterAll(() => api.close());

  it('downloads one report with the SPEC filename and every section equal to the document', async () => {
    const res = await api.call('GET', `/api/shift-summaries/${id}/export-csv`);
    expect(res.res.headers.get('content-type')).toContain('text/csv');
    expect(res.res.headers.get('content-disposition')).toBe(
      `attachment; filename="${csvFilename(bundle.shiftSummary)}"`,
    );
    const parsed = sections(parse(String(res.body), { relax_column_count: true }) as string[][]);
    const summary = new Map(
      (parsed.get('SHIFT SUMMARY') ?? []).slice(1).map((r) => [r[0] ?? '', r[1] ?? '']),
    );
    let compared = 0;
    for (const [field, value] of Object.entries(bundle.shiftSummary)) {
      if (!summary.has(field)) continue;
      expect(shows(summary.get(field) ?? '', value), `${field}: ${summary.get(field)}`).toBe(true);
      compared += 1;
    }
    expect(summary.get('operator')).toBe('Pat, "the driller"');
    compared += compareTable(parsed.get('CREW ASSIGNMENTS'), bundle.crewAssignments);
    compared += compareTable(parsed.get('RUN SHEET ENTRIES'), bundle.runSheetEntries);
    compared += compareTable(parsed.get('SURVEY ENTRIES'), bundle.surveyEntries);
    compared += compareTable(parsed.get('TIMESHEET ENTRIES'), bundle.timesheetEntries);
    compared += compareTable(parsed.get('MAINTENANCE ENTRIES'), bundle.maintenanceEntries);
    compared += compareTable(parsed.get('HIRE TOOLS USAGE'), bundle.hireToolsUsage);
    expect(compared).toBeGreaterThan(40);
  });

  it('exports every completed report of a site in one CSV, and 404s a site with none', async () => {
    await api.report({ date: '2025-03-05' });
    const res = await api.call('GET', `/api/sites/${api.siteId}/export-csv`);
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-disposition')).toMatch(
      /filename="PLOD_Demo_Site_Reports_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const records = parse(String(res.body), { relax_column_count: true }) as string[][];
    expect(records.filter((r) => r[0] === 'REPORT')).toEqual([['REPORT', '1 of 1']]);
    const other = (await api.call('POST', '/api/sites', { siteName: 'Empty' })).body as {
      id: string;
    };
    const none = await api.call('GET', `/api/sites/${other.id}/export-csv`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'No completed reports available for export' });
  });
});
