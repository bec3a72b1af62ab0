import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface RunSheetRow {
  id: string;
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  interval: number;
}

let api: Api;
beforeAll(async () => {
  api = await demoApi();
});
afterAll(async () => {
  await api.close();
});

describe('runs over REST', () => {
  it('measure a first run by the one rule of both run screens, whichever route adds it', async () => {
    for (const [i, route, body] of [
      [1, '/api/runs', { rodsCount: 1, stickUp: 0.5 }],
      [2, '/api/run-sheet-entries', { rodAdded: true, stickUp: 0.5 }],
    ] as const) {
      const report = await api.report();
      const holeId = `REST-FIRST-${i}`;
      await api.call('POST', '/api/hole-config', { holeId, constantStickUp: 0.5 });
      const res = await api.call('POST', `${route}?shiftSummaryId=${report}`, { holeId, ...body });
      expect(res.status).toBe(201);
      const rows = (await api.call('GET', `/api/run-sheet-entries?shiftSummaryId=${report}`))
        .body as RunSheetRow[];
      // 4 m barrel less the run's 0.5 m and the hole's 0.5 m constant stick-up.
      expect(rows.map((r) => [r.runNumber, r.fromDepth, r.toDepth])).toEqual([[1, 0, 3]]);
    }
  });

  it('refuses a stick-up past the barrel with 400 and a message, and keeps lengths on a correction', async () => {
    const report = await api.report();
    const q = `?shiftSummaryId=${report}`;
    await api.call('POST', '/api/hole-config', { holeId: 'REST-EDIT', constantStickUp: 0 });
    for (const stickUp of [0, 0.5, 0.5])
      await api.call('POST', `/api/run-sheet-entries${q}`, { holeId: 'REST-EDIT', stickUp });
    const tooLong = await api.call('POST', `/api/run-sheet-entries${q}`, {
      holeId: 'REST-EDIT',
      stickUp: 3.4,
    });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).toBe('Stick-up must be from 0 to 3 m');
    const rows = (await api.call('GET', `/api/run-sheet-entries${q}`)).body as RunSheetRow[];
    const second = rows.find((r) => r.runNumber === 2);
    const fixed = await api.call('PUT', `/api/run-sheet-entries/${second?.id}${q}`, {
      stickUp: 0.2,
    });
    expect(fixed.status).toBe(200);
    const after = (await api.call('GET', `/api/run-sheet-entries${q}`)).body as RunSheetRow[];
    expect(after.map((r) => r.interval)).toEqual([4, 2.8, 2.5]);
    expect(after.map((r) => r.toDepth)).toEqual([4, 6.8, 9.3]);
  });
});
