import { describe, expect, it } from 'vitest';
import { csvFilename, siteExportFilename } from './filename';
import type { CsvFilenameSource } from './filename';

const summary: CsvFilenameSource = {
  site: 'Mt Keith',
  rig: 'Rig #7',
  shiftType: 'night',
  date: '2025-03-14',
};

/** What a field falls back to when it is missing or unusable: the case, the change, the name. */
const FALLBACKS: [string, Partial<CsvFilenameSource>, string][] = [
  [
    'UnknownSite for a missing site',
    { site: null },
    'PLOD_UnknownSite_Rig__7_night_2025-03-14.csv',
  ],
  ['UnknownSite for a blank site', { site: '  ' }, 'PLOD_UnknownSite_Rig__7_night_2025-03-14.csv'],
  ['UnknownRig for a missing rig', { rig: null }, 'PLOD_Mt_Keith_UnknownRig_night_2025-03-14.csv'],
  [
    'UnknownShift for a missing shift type',
    { shiftType: null },
    'PLOD_Mt_Keith_Rig__7_UnknownShift_2025-03-14.csv',
  ],
  ['UnknownDate for a missing date', { date: null }, 'PLOD_Mt_Keith_Rig__7_night_UnknownDate.csv'],
  [
    'UnknownDate for a malformed date',
    { date: '14/03/2025' },
    'PLOD_Mt_Keith_Rig__7_night_UnknownDate.csv',
  ],
];

describe('csvFilename', () => {
  it('joins prefix, site, rig, shift type and ISO day with underscores', () => {
    expect(csvFilename(summary)).toBe('PLOD_Mt_Keith_Rig__7_night_2025-03-14.csv');
  });

  it('turns every non-alphanumeric character of site and rig into an underscore', () => {
    expect(csvFilename({ ...summary, site: 'Kal/Boulder (East)', rig: 'Rig-7.ü' })).toBe(
      'PLOD_Kal_Boulder__East__Rig_7___night_2025-03-14.csv',
    );
  });

  it.each(FALLBACKS)('falls back to %s', (_case, change, expected) => {
    expect(csvFilename({ ...summary, ...change })).toBe(expected);
  });

  it('uses the ISO day of a full timestamp', () => {
    expect(csvFilename({ ...summary, date: '2025-03-14T20:00:00.000Z' })).toBe(
      'PLOD_Mt_Keith_Rig__7_night_2025-03-14.csv',
    );
  });

  it('uses every fallback at once for an empty summary', () => {
    expect(csvFilename({ site: null, rig: null, shiftType: null, date: null })).toBe(
      'PLOD_UnknownSite_UnknownRig_UnknownShift_UnknownDate.csv',
    );
  });
});

describe('siteExportFilename', () => {
  it('names a site export by prefix, site and export day', () => {
    expect(siteExportFilename('Mt Keith', '2025-03-14')).toBe(
      'PLOD_Mt_Keith_Reports_2025-03-14.csv',
    );
  });

  it('falls back to UnknownSite and UnknownDate', () => {
    expect(siteExportFilename(null, '')).toBe('PLOD_UnknownSite_Reports_UnknownDate.csv');
  });
});
