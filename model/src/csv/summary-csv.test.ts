import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type PlodSummaryRow, summaryFilename, summaryToCsv } from './summary-csv';

const row = (extra: Partial<PlodSummaryRow> = {}): PlodSummaryRow => ({
  date: '2026-03-10',
  shiftType: 'night',
  site: 'North Pit',
  rig: 'Rig 7',
  driller: 'Ann Lee',
  metres: 12.25,
  hours: 11.5,
  holes: ['DH-1', 'DH-2'],
  status: 'approved',
  approvedBy: 'Sam Boss',
  ...extra,
});

describe('summary CSV', () => {
  it('is one header and one row per plod, in the summary columns', () => {
    const text = summaryToCsv([row(), row({ status: 'sent', approvedBy: null, holes: [] })]);
    const records = parse(text) as string[][];
    // Both plods' date, shift, site, rig, driller, metres and hours.
    const shift = ['2026-03-10', 'Night', 'North Pit', 'Rig 7', 'Ann Lee', '12.3', '11.50'];
    expect(records).toEqual([
      [
        'Date',
        'Shift',
        'Site',
        'Rig',
        'Driller',
        'Metres',
        'Hours',
        'Holes',
        'Status',
        'Approved by',
      ],
      [...shift, 'DH-1, DH-2', 'Approved', 'Sam Boss'],
      [...shift, 'N/A', 'Sent', 'N/A'],
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('never lets a cell start a formula', () => {
    const text = summaryToCsv([row({ site: '=HYPERLINK("x")', driller: '+1', rig: '@SUM(A1)' })]);
    const [, cells] = parse(text) as string[][];
    expect(cells?.slice(2, 5)).toEqual(['\'=HYPERLINK("x")', "'@SUM(A1)", "'+1"]);
  });

  it('names the file for the day', () => {
    expect(summaryFilename('2026-03-10', 'xlsx')).toBe('PLOD_Summary_2026-03-10.xlsx');
    expect(summaryFilename('bad', 'csv')).toBe('PLOD_Summary_UnknownDate.csv');
  });
});
