import type { ReportSnapshot } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { nextEntryStart } from './next-entry';

type Source = Pick<ReportSnapshot, 'timesheet' | 'shift'>;
const source = (startTime: string | null, ends: string[]): Source =>
  ({
    shift: { startTime },
    timesheet: ends.map((endTime) => ({ endTime })),
  }) as unknown as Source;

describe('where the next time entry starts', () => {
  it('at the shift’s start for the first entry', () => {
    expect(nextEntryStart(source('18:00', []))).toBe('18:00');
  });

  it('where the latest entry ended', () => {
    expect(nextEntryStart(source('06:00', ['12:00', '17:30']))).toBe('17:30');
  });

  it('nowhere when neither is known', () => {
    expect(nextEntryStart(source(null, []))).toBeUndefined();
  });
});
