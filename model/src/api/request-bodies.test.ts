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
  it('takes numbers as JSON numbers only, within range, and applies the model’s defaults', () => {
    const parsed = REQUEST_BODIES['POST /api/hole-config'].parse({
      holeId: 'DH-1',
      targetDepth: 120.5,
    });
    expect(parsed).toMatchObject({ targetDepth: 120.5, dip: -60, azimuth: 0 });
    for (const bad of [{ targetDepth: '120.5' }, { dip: -1000 }, { targetDepth: 1e308 }]) {
      expect(
        REQUEST_BODIES['POST /api/hole-config'].safeParse({ holeId: 'DH-1', ...bad }).success,
      ).toBe(false);
    }
    expect(
      REQUEST_BODIES['POST /api/sites'].safeParse({ siteName: ' ' }).error?.issues[0]?.message,
    ).toBe('Site name is required');
  });

  it('drops bidirectional controls from names and refuses names over 200 characters', () => {
    expect(REQUEST_BODIES['POST /api/sites'].parse({ siteName: 'North\u202E pit' })).toEqual({
      siteName: 'North pit',
    });
    expect(REQUEST_BODIES['POST /api/sites'].safeParse({ siteName: 'x'.repeat(201) }).success).toBe(
      false,
    );
  });
});
