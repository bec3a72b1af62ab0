import { describe, expect, it } from 'vitest';
import { InvalidIdError, ReportIds, isHoleId, parseHoleId, parseReportId } from './ids.ts';

describe('ids', () => {
  it('makes time-ordered UUIDv7 report ids offline', () => {
    const a = ReportIds.create();
    const b = ReportIds.create();
    expect(ReportIds.is(a)).toBe(true);
    expect(a[14]).toBe('7');
    expect(a < b).toBe(true);
  });
  it('parses ids and rejects what is not one', () => {
    expect(parseReportId('0190A000-0000-7000-8000-000000000001')).toBe(
      '0190a000-0000-7000-8000-000000000001',
    );
    expect(() => parseReportId('42')).toThrow(InvalidIdError);
  });
  it('parses hole labels trimmed and rejects blanks', () => {
    expect(parseHoleId(' DH-2025-001 ')).toBe('DH-2025-001');
    expect(() => parseHoleId('  ')).toThrow(InvalidIdError);
    expect(isHoleId(' DH')).toBe(false);
  });
});
