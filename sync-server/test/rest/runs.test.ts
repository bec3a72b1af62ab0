import { describe, expect, it } from 'vitest';
import type { BundleRunSheetEntry } from '@plod/model';
import { startedAround } from '../helpers.ts';
import { demoApi, runsWithStickUps } from './helpers.ts';
import type { Api } from './helpers.ts';

let api: Api;
startedAround(demoApi, (started) => (api = started));

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
        .body as BundleRunSheetEntry[];
      // 4 m barrel less the run's 0.5 m and the hole's 0.5 m constant stick-up.
      expect(rows.map((r) => [r.runNumber, r.fromDepth, r.toDepth])).toEqual([[1, 0, 3]]);
    }
  });

  it('refuses a stick-up past the barrel with 400 and a message, and keeps lengths on a correction', async () => {
    const report = await api.report();
    const q = `?shiftSummaryId=${report}`;
    await runsWithStickUps(api, report, 'REST-EDIT', [0, 0.5, 0.5]);
    const tooLong = await api.call('POST', `/api/run-sheet-entries${q}`, {
      holeId: 'REST-EDIT',
      stickUp: 3.4,
    });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).toBe('Stick-up must be from 0 to 3 m');
    const rows = (await api.call('GET', `/api/run-sheet-entries${q}`))
      .body as BundleRunSheetEntry[];
    const second = rows.find((r) => r.runNumber === 2);
    const fixed = await api.call('PUT', `/api/run-sheet-entries/${second?.id}${q}`, {
      stickUp: 0.2,
    });
    expect(fixed.status).toBe(200);
    const after = (await api.call('GET', `/api/run-sheet-entries${q}`))
      .body as BundleRunSheetEntry[];
    expect(after.map((r) => r.interval)).toEqual([4, 2.8, 2.5]);
    expect(after.map((r) => r.toDepth)).toEqual([4, 6.8, 9.3]);
  });

  it('takes and returns a recovered length on POST and PUT, and refuses over 100% with 400', async () => {
    const report = await api.report();
    const q = `?shiftSummaryId=${report}`;
    const holeId = 'REST-RECOVERY';
    await api.call('POST', '/api/hole-config', { holeId, constantStickUp: 0 });
    // First run: 4 m barrel less 1 m stick-up is 3 m; 2.9 m of core came back.
    const added = await api.call('POST', `/api/run-sheet-entries${q}`, {
      holeId,
      stickUp: 1,
      recoveredLength: 2.9,
    });
    expect(added.status).toBe(201);
    const run = added.body as BundleRunSheetEntry & { recoveredLength: number | null };
    expect(run.recoveredLength).toBe(2.9);

    const over = await api.call('PUT', `/api/run-sheet-entries/${run.id}${q}`, {
      recoveredLength: 3.2,
    });
    expect(over.status).toBe(400);
    expect((over.body as { message: string }).message).toBe(
      "Recovered length can be at most the run's 3.0 m (100%)",
    );
    const text = await api.call('POST', `/api/run-sheet-entries${q}`, {
      holeId,
      stickUp: 0.5,
      recoveredLength: '2.5',
    });
    expect(text.status).toBe(400);

    const cleared = await api.call('PUT', `/api/run-sheet-entries/${run.id}${q}`, {
      recoveredLength: null,
    });
    expect(cleared.status).toBe(200);
    expect((cleared.body as { recoveredLength: number | null }).recoveredLength).toBeNull();

    // The second style's route takes it too; a run without it records none.
    const byRods = (recoveredLength: number) =>
      api.call('POST', `/api/runs${q}`, { holeId, rodsCount: 1, stickUp: 0.5, recoveredLength });
    const second = await byRods(2.5);
    expect(second.status).toBe(201);
    expect((second.body as { recoveredLength: number }).recoveredLength).toBe(2.5);
    const overSecond = await byRods(2.6);
    expect(overSecond.status).toBe(400);
    const rows = (await api.call('GET', `/api/run-sheet-entries${q}`)).body as {
      recoveredLength: number | null;
    }[];
    expect(rows.map((r) => r.recoveredLength)).toEqual([null, 2.5]);
  });
});
