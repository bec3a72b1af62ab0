import { describe, expect, it } from 'vitest';
import { startedAround } from '../helpers.ts';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface RunRow {
  id: string;
  holeId: string;
  shiftSummaryId: string;
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  stickUp: number;
}

let api: Api;
startedAround(demoApi, (started) => (api = started));

/** Every run of a hole in the plods not deleted, as the run sheet lists them (each plod's bundle). */
async function runsOf(holeId: string): Promise<RunRow[]> {
  const res = await api.call('GET', `/api/run-sheet-entries?holeId=${holeId}`);
  expect(res.status).toBe(200);
  return res.body as RunRow[];
}

/**
 * Where a plod's first run of a hole should start, worked out the way adding a run did when it read
 * every plod: the deepest run of the hole in any other plod not deleted, the first of equal ones in
 * the order the run sheet lists them (newest plod first).
 */
async function expectedStart(holeId: string, reportId: string) {
  const deepest = (await runsOf(holeId))
    .filter((run) => run.shiftSummaryId !== reportId)
    .reduce<RunRow | null>(
      (best, run) => (best === null || run.toDepth > best.toDepth ? run : best),
      null,
    );
  return {
    fromDepth: deepest?.toDepth ?? 0,
    runNumber: deepest ? deepest.runNumber + 1 : 1,
    stickUp: deepest?.stickUp ?? 0,
  };
}

/** Adds a run (each route in turn) and checks that a hole new to the plod continued as expected. */
async function addRun(reportId: string, holeId: string, body: Record<string, unknown> = {}) {
  const before = (await runsOf(holeId)).filter((run) => run.shiftSummaryId === reportId);
  const expected = before.length === 0 ? await expectedStart(holeId, reportId) : null;
  const res = await api.call('POST', `/api/run-sheet-entries?shiftSummaryId=${reportId}`, {
    holeId,
    rodAdded: true,
    stickUp: 0.5,
    ...body,
  });
  expect(res.status).toBe(201);
  const run = res.body as RunRow;
  if (expected) {
    expect({ fromDepth: run.fromDepth, runNumber: run.runNumber }).toEqual({
      fromDepth: expected.fromDepth,
      runNumber: expected.runNumber,
    });
  }
  return run;
}

async function expectHoleDepths(holeIds: readonly string[]) {
  const holes = (await api.call('GET', '/api/hole-configs')).body as {
    holeId: string;
    currentDepth: number;
  }[];
  for (const holeId of holeIds) {
    const deepest = Math.max(0, ...(await runsOf(holeId)).map((run) => run.toDepth));
    expect(holes.find((hole) => hole.holeId === holeId)?.currentDepth).toBe(deepest);
  }
}

describe('a hole continued from earlier shifts over REST', () => {
  it('starts where the deepest plod not deleted left it, as reading every plod did', async () => {
    const H = 'CONT-1';
    const K = 'CONT-2';
    for (const holeId of [H, K])
      await api.call('POST', '/api/hole-config', { holeId, targetDepth: 600, constantStickUp: 0 });

    const a = await api.report({ date: '2025-04-01' });
    for (let i = 0; i < 3; i += 1) await addRun(a, H);
    await addRun(a, K);

    const b = await api.report({ date: '2025-04-02' });
    await addRun(b, H);
    await addRun(b, H, { stickUp: 1.2 });

    // A plod that drilled deeper and was then deleted no longer counts; restored, it does again.
    const c = await api.report({ date: '2025-04-03' });
    for (let i = 0; i < 4; i += 1) await addRun(c, H);
    await addRun(c, K);
    expect((await api.call('DELETE', `/api/shift-summaries/${c}`)).status).toBe(200);
    const d = await api.report({ date: '2025-04-04' });
    await addRun(d, H);
    await addRun(d, K);
    expect((await api.call('POST', `/api/shift-summaries/${c}/restore`)).status).toBe(200);
    const e = await api.report({ date: '2025-04-05' });
    await addRun(e, H);

    // A plod whose runs of a hole were all removed no longer holds that hole's end.
    for (const run of (await runsOf(H)).filter((r) => r.shiftSummaryId === e))
      await api.call('DELETE', `/api/run-sheet-entries/${run.id}?shiftSummaryId=${e}`);
    const f = await api.report({ date: '2025-04-06' });
    await addRun(f, H);

    // Two plods ending the hole at the same depth: the newer plod's run is the one continued.
    const g = await api.report({ date: '2025-04-07' });
    await addRun(g, K);

    // A run without a rod on the Add New Run route drills the stick-up the last shift left.
    const h = await api.report({ date: '2025-04-08' });
    const expected = await expectedStart(H, h);
    const res = await api.call('POST', `/api/runs?shiftSummaryId=${h}`, {
      holeId: H,
      rodsCount: 0,
      stickUp: 0.3,
    });
    expect(res.status).toBe(201);
    const added = (await runsOf(H)).find((r) => r.shiftSummaryId === h);
    expect(added?.fromDepth).toBe(expected.fromDepth);
    expect(added?.runNumber).toBe(expected.runNumber);
    expect(added && added.toDepth - added.fromDepth).toBeCloseTo(expected.stickUp, 6);

    await expectHoleDepths([H, K]);
  });
});
