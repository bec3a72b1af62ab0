import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BitChange, RegisteredBit } from '@plod/model';
import { startedAround } from '../helpers.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { addRodRuns, demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

/** A bit as the REST routes answer it: the register's row and its metres to date. */
type BitRow = RegisteredBit & { lifeToDateMetres: number };

let api: Api;
startedAround(demoApi, (started) => (api = started));

describe('/api/bits', () => {
  it('registers a bit by its normalised serial, lists it and refuses it twice', async () => {
    const created = await api.call('POST', '/api/bits', {
      serial: ' nq-100 ',
      size: 'NQ',
      matrix: '7-9',
      status: 'in-use',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ serial: 'NQ-100', matrix: '7-9', lifeToDateMetres: 0 });
    const again = await api.call('POST', '/api/bits', { serial: 'NQ-100' });
    expect(again.status).toBe(409);
    const list = (await api.call('GET', '/api/bits')).body as BitRow[];
    expect(list.map((b) => b.serial)).toContain('NQ-100');
    const changed = await api.call('PUT', '/api/bits/nq-100', { status: 'worn-out' });
    expect(changed.body).toMatchObject({ serial: 'NQ-100', status: 'worn-out' });
    expect((await api.call('GET', '/api/bits/NOPE')).status).toBe(404);
  });

  it('answers a bad size or a serial given as a number with 400', async () => {
    expect((await api.call('POST', '/api/bits', { serial: 'X1', size: 'ZZ' })).status).toBe(400);
    expect((await api.call('POST', '/api/bits', { serial: 12 })).status).toBe(400);
  });

  it('sums life-to-date metres over plods, a bit in on one plod and out on the next', async () => {
    await api.call('POST', '/api/bits', { serial: 'HQ-LTD', size: 'HQ' });
    await api.call('POST', '/api/hole-config', { holeId: 'BIT-LTD', constantStickUp: 0 });
    const first = await api.report();
    const q1 = `?shiftSummaryId=${first}`;
    const added = await api.call('POST', `/api/bit-changes${q1}`, {
      bitSerial: 'hq-ltd',
      holeId: 'BIT-LTD',
      action: 'in',
      depth: 0,
    });
    expect(added.status).toBe(201);
    await addRodRuns(api, first, 'BIT-LTD', 2);
    const second = await api.report({ date: '2025-03-02' });
    await addRodRuns(api, second, 'BIT-LTD', 2);
    const q2 = `?shiftSummaryId=${second}`;
    const rows = (await api.call('GET', `/api/run-sheet-entries${q2}`)).body as {
      toDepth: number;
    }[];
    const end = rows.at(-1)?.toDepth ?? 0;
    await api.call('POST', `/api/bit-changes${q2}`, {
      bitSerial: 'HQ-LTD',
      holeId: 'BIT-LTD',
      action: 'out',
      depth: end - 1,
    });
    const listed = (await api.call('GET', `/api/bit-changes${q1}`)).body as BitChange[];
    expect(listed).toEqual([
      expect.objectContaining({ bitSerial: 'HQ-LTD', holeId: 'BIT-LTD', action: 'in', depth: 0 }),
    ]);
    const bit = (await api.call('GET', '/api/bits/HQ-LTD')).body as BitRow;
    expect(bit.lifeToDateMetres).toBe(end - 1);
  });

  it('credits a bit with a plod between its in and out that holds no change of it', async () => {
    await api.call('POST', '/api/bits', { serial: 'HQ-MID', size: 'HQ' });
    await api.call('POST', '/api/hole-config', { holeId: 'BIT-MID', constantStickUp: 0 });
    const first = await api.report();
    await api.call('POST', `/api/bit-changes?shiftSummaryId=${first}`, {
      bitSerial: 'HQ-MID',
      holeId: 'BIT-MID',
      action: 'in',
      depth: 0,
    });
    await addRodRuns(api, first, 'BIT-MID', 2);
    // The bit stays down the hole through the whole second plod: no change of it there.
    const middle = await api.report({ date: '2025-03-02' });
    await addRodRuns(api, middle, 'BIT-MID', 2);
    const last = await api.report({ date: '2025-03-03' });
    await addRodRuns(api, last, 'BIT-MID', 2);
    const rows = (await api.call('GET', `/api/run-sheet-entries?shiftSummaryId=${last}`)).body as {
      toDepth: number;
    }[];
    const end = rows.at(-1)?.toDepth ?? 0;
    await api.call('POST', `/api/bit-changes?shiftSummaryId=${last}`, {
      bitSerial: 'HQ-MID',
      holeId: 'BIT-MID',
      action: 'out',
      depth: end,
    });
    const bit = (await api.call('GET', '/api/bits/HQ-MID')).body as BitRow;
    expect(bit.lifeToDateMetres).toBe(end);
    // The middle plod took the hole up over REST with the bit still down it: its own metres count
    // on that bit, as they do when a phone continues the hole.
    const middleDay = (await api.call('GET', '/api/kpis?from=2025-03-02&to=2025-03-02')).body as {
      metresPerBit: { bitSerial: string; metres: number }[];
    };
    expect(middleDay.metresPerBit).toContainEqual({ bitSerial: 'HQ-MID', metres: 6 });
  });

  it('answers a bit change with a bad depth or an unknown action with 400', async () => {
    const q = `?shiftSummaryId=${await api.report()}`;
    const body = { bitSerial: 'NQ-100', holeId: 'BIT-LTD', action: 'in', depth: 3 };
    for (const bad of [{ depth: -1 }, { depth: '3' }, { depth: 20_000 }, { action: 'sideways' }]) {
      const res = await api.call('POST', `/api/bit-changes${q}`, { ...body, ...bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe('who may take a bit off the register', () => {
  let secure: SecureServer;
  beforeAll(async () => {
    secure = await startSecureServer();
  });
  afterAll(async () => {
    await secure.close();
  });

  it('is a supervisor: a crew device registers bits but cannot delete one', async () => {
    const phone = await secure.join('Rig phone');
    const boss = await secure.signIn();
    expect((await secure.call(phone, 'POST', '/api/bits', { serial: 'PQ-1' })).status).toBe(201);
    expect((await secure.call(phone, 'DELETE', '/api/bits/PQ-1')).status).toBe(403);
    expect((await secure.call(boss, 'DELETE', '/api/bits/PQ-1')).status).toBe(200);
    expect((await secure.call(phone, 'GET', '/api/bits')).body).toEqual([]);
  });
});
