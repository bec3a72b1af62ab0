import { describe, expect, it } from 'vitest';
import { startedAround } from '../helpers.ts';
import { demoApi, runsWithStickUps } from './helpers.ts';
import type { Api } from './helpers.ts';

interface Entry {
  section: string;
  field: string | null;
  old: unknown;
  new: unknown;
}

let api: Api;
startedAround(demoApi, (started) => (api = started));

describe('history of a first override', () => {
  it('records the derived value people saw as the old value (8.3 -> 12.5, not empty -> 12.5)', async () => {
    const report = await api.report();
    // 4 m, then 3 m less 0.7 m and 3 m less 1 m: 8.3 m drilled.
    await runsWithStickUps(api, report, 'HIST-1', [0, 0.7, 1]);
    const path = `/api/shift-summaries/${report}`;
    const derived = (await api.call('GET', path)).body as { totalDepthDrilled: number };
    expect(derived.totalDepthDrilled).toBe(8.3);

    expect((await api.call('PATCH', path, { totalDepthDrilled: 12.5 })).status).toBe(200);
    expect((await api.call('PATCH', path, { totalDepthDrilled: 13 })).status).toBe(200);
    const history = (await api.call('GET', `${path}/history`)).body as { entries: Entry[] };
    const overrides = history.entries.filter(
      (entry) => entry.section === 'overrides' && entry.field === 'totalDepthDrilled',
    );
    expect(overrides.map((entry) => [entry.old, entry.new])).toEqual([
      [8.3, 12.5],
      [12.5, 13],
    ]);
  });
});
