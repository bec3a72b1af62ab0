import { describe, expect, it } from 'vitest';
import { REQUEST_BODIES } from './request-bodies.ts';

describe('request bodies', () => {
  it('rejects a body of the wrong type with issues a 400 can carry', () => {
    const result = REQUEST_BODIES['POST /api/timesheet-entries'].safeParse({
      startTime: 6,
      endTime: '07:00',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['startTime']);
  });
  it('applies SPEC coercions to a valid body', () => {
    const parsed = REQUEST_BODIES['POST /api/hole-config'].parse({
      holeId: 'DH-1',
      targetDepth: '120.5',
    });
    expect(parsed.targetDepth).toBe(120.5);
    expect(
      REQUEST_BODIES['POST /api/sites'].safeParse({ siteName: ' ' }).error?.issues[0]?.message,
    ).toBe('Site name is required');
  });
});
