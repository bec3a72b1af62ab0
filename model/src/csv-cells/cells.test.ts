import { describe, expect, it } from 'vitest';
import { bundleToCsv } from '../csv/bundle-csv.ts';
import {
  booleanCell,
  csvRecord,
  fixedCell,
  plainNumberCell,
  quoteCell,
  textCell,
} from './cells.ts';
import { fullBundle, sectionRows, summaryValues } from '../csv/test/bundles.ts';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'] as const;

describe('formula injection', () => {
  it.each(TRIGGERS)('prefixes an apostrophe to text starting with %j', (trigger) => {
    expect(textCell(`${trigger}1+1`)).toBe(`'${trigger}1+1`);
  });

  it.each(TRIGGERS)('neutralises %j in a notes field through the whole export', (trigger) => {
    const bundle = fullBundle();
    bundle.shiftSummary.notes = `${trigger}cmd|' /C calc'!A0`;
    expect(summaryValues(bundleToCsv(bundle)).notes).toBe(`'${trigger}cmd|' /C calc'!A0`);
  });

  it('drops bidirectional controls, so none can hide a trigger or turn a name around', () => {
    expect(textCell('\u202E=1+1')).toBe("'=1+1");
    expect(textCell('Rig \u202Egpj.exe')).toBe('Rig gpj.exe');
    expect(textCell('\u2066\u2069')).toBe('N/A');
  });

  it('leaves text that only contains a trigger later on unchanged', () => {
    expect(textCell('depth = 42 m')).toBe('depth = 42 m');
    expect(textCell('a@b.com')).toBe('a@b.com');
  });

  it('prefixes a text field that looks like a negative number, because it is text', () => {
    const bundle = fullBundle();
    bundle.shiftSummary.operator = '-60';
    expect(summaryValues(bundleToCsv(bundle)).operator).toBe("'-60");
  });
});

describe('numeric cells are never prefixed', () => {
  it('prints negative numbers with their sign only', () => {
    expect(plainNumberCell(-60)).toBe('-60');
    expect(fixedCell(-12.34, 1)).toBe('-12.3');
    expect(fixedCell(-0.5, 2)).toBe('-0.50');
  });

  it('keeps a -90 dip and negative depths unprefixed in the export', () => {
    const bundle = fullBundle();
    for (const survey of bundle.surveyEntries) Object.assign(survey, { dip: -90, azimuth: 0 });
    for (const run of bundle.runSheetEntries) run.stickUp = -0.25;
    const csv = bundleToCsv(bundle);
    expect(sectionRows(csv, 'SURVEY ENTRIES')[0]).toMatchObject({ dip: '-90', azimuth: '0' });
    expect(sectionRows(csv, 'RUN SHEET ENTRIES')[0]).toMatchObject({ stickUp: '-0.25' });
    expect(csv).not.toMatch(/'-\d/);
  });

  it('never prints negative zero', () => {
    expect(fixedCell(-0.01, 1)).toBe('0.0');
    expect(plainNumberCell(-0)).toBe('0');
  });
});

describe('cell formatting', () => {
  it('prints missing, empty and blank text as N/A', () => {
    expect(textCell(null)).toBe('N/A');
    expect(textCell(undefined)).toBe('N/A');
    expect(textCell('')).toBe('N/A');
    expect(textCell('  ')).toBe('N/A');
  });

  it('prints missing and non-finite numbers as 0 with the column decimals', () => {
    expect(fixedCell(null, 1)).toBe('0.0');
    expect(fixedCell(Number.NaN, 2)).toBe('0.00');
    expect(plainNumberCell(undefined)).toBe('0');
    expect(plainNumberCell(Number.NEGATIVE_INFINITY)).toBe('0');
  });

  it('prints booleans as Yes and No, and a missing flag as No', () => {
    expect(booleanCell(true)).toBe('Yes');
    expect(booleanCell(false)).toBe('No');
    expect(booleanCell(null)).toBe('No');
  });

  it('quotes cells with a comma, quote, CR or LF and doubles inner quotes', () => {
    expect(quoteCell('a,b')).toBe('"a,b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('line\nbreak')).toBe('"line\nbreak"');
    expect(quoteCell('line\rbreak')).toBe('"line\rbreak"');
    expect(quoteCell('plain text')).toBe('plain text');
  });

  it('joins a record with commas after quoting each cell', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",');
  });
});
