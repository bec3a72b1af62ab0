import { describe, expect, it } from 'vitest';
import { startedAround } from '../helpers.ts';
import { addRodRuns, demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

let api: Api;
startedAround(demoApi, (started) => (api = started));

describe('a bit’s life-to-date metres', () => {
  it('are read from the plods of the holes it was changed on alone', async () => {
    await api.call('POST', '/api/bits', { serial: 'HQ-OWN', size: 'HQ' });
    for (const holeId of ['OWN-1', 'OTHER-1']) {
      await api.call('POST', '/api/hole-config', { holeId, constantStickUp: 0 });
    }
    // The bit goes in on one plod, stays down through a second that records no change of it, and
    // the hole's runs go on; a third plod drills another hole only.
    const first = await api.report({ date: '2025-04-01' });
    const change = { bitSerial: 'HQ-OWN', holeId: 'OWN-1', action: 'in', depth: 0 };
    expect(
      (await api.call('POST', `/api/bit-changes?shiftSummaryId=${first}`, change)).status,
    ).toBe(201);
    await addRodRuns(api, first, 'OWN-1', 2);
    const second = await api.report({ date: '2025-04-02' });
    const end = await addRodRuns(api, second, 'OWN-1', 2);
    const other = await api.report({ date: '2025-04-03' });
    await addRodRuns(api, other, 'OTHER-1', 3);
    const before = (await api.call('GET', '/api/bits/HQ-OWN')).body;
    expect(before).toMatchObject({ serial: 'HQ-OWN', lifeToDateMetres: end });

    // The other hole's plod, stored so that no one can read it: the whole list cannot be made,
    // the bit's answer (and a write's) is made without it.
    const { projector } = api.server.rest;
    await projector.flush();
    await projector.table.sql.run(`UPDATE report_projection SET bundle = '{' WHERE id = ?`, [
      other,
    ]);
    expect((await api.call('GET', '/api/bits')).status).toBe(500);
    expect((await api.call('GET', '/api/bits/HQ-OWN')).body).toEqual(before);
    const patched = await api.call('PUT', '/api/bits/HQ-OWN', { status: 'worn-out' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'worn-out', lifeToDateMetres: end });
    // A bit never changed on a hole reads no plod at all.
    const fresh = await api.call('POST', '/api/bits', { serial: 'HQ-NEW', size: 'HQ' });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ serial: 'HQ-NEW', lifeToDateMetres: 0 });
  });
});
