import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUANTITY_POSITIVE } from '@plod/model';
import { withCrewAndSupervisor } from '../auth/helpers.ts';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface Item {
  id: string;
  siteId: string;
  name: string;
  unit: string;
  price: number | null;
}

describe('consumables over REST', () => {
  let api: Api;
  let mud: Item;
  beforeAll(async () => {
    api = await demoApi();
    const made = await api.call('POST', '/api/consumables', {
      siteId: api.siteId,
      name: 'Drilling mud',
      unit: 'bag',
      price: 24.5,
    });
    expect(made.status).toBe(201);
    mud = made.body as Item;
  });
  afterAll(() => api.close());

  it("lists a site's items, priced or not", async () => {
    const grease = await api.call('POST', '/api/consumables', {
      siteId: api.siteId,
      name: 'Rod grease',
      unit: 'tub',
    });
    expect(grease.status).toBe(201);
    expect(grease.body).toMatchObject({ name: 'Rod grease', unit: 'tub', price: null });
    const listed = await api.call('GET', `/api/consumables?siteId=${api.siteId}`);
    expect(listed.status).toBe(200);
    expect((listed.body as Item[]).map((i) => i.name).sort()).toEqual([
      'Drilling mud',
      'Rod grease',
    ]);
  });

  it('records an entry that copies its item, and keeps the copy when the list changes', async () => {
    const report = await api.report();
    const added = await api.call('POST', `/api/consumable-entries?shiftSummaryId=${report}`, {
      consumableId: mud.id,
      quantity: 3,
      holeId: 'DH-7',
      notes: 'lost circulation',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      consumableId: mud.id,
      itemName: 'Drilling mud',
      unit: 'bag',
      unitPrice: 24.5,
      quantity: 3,
      holeId: 'DH-7',
      shiftSummaryId: report,
    });

    expect((await api.call('PUT', `/api/consumables/${mud.id}`, { price: 30 })).status).toBe(200);
    const listed = await api.call('GET', `/api/consumable-entries?shiftSummaryId=${report}`);
    expect(listed.body).toEqual([expect.objectContaining({ unitPrice: 24.5, quantity: 3 })]);

    const csv = String((await api.call('GET', `/api/shift-summaries/${report}/export-csv`)).body);
    expect(csv).toContain('CONSUMABLES');
    expect(csv).toContain('Drilling mud,3,bag,24.50,DH-7,lost circulation');
  });

  it('refuses a quantity of 0, or an item the list does not hold (400), and stores nothing', async () => {
    const report = await api.report();
    const none = await api.call('POST', `/api/consumable-entries?shiftSummaryId=${report}`, {
      consumableId: mud.id,
      quantity: 0,
    });
    expect(none.status).toBe(400);
    expect((none.body as { message: string }).message).toContain(QUANTITY_POSITIVE);
    const unknown = await api.call('POST', `/api/consumable-entries?shiftSummaryId=${report}`, {
      consumableId: '01a20000-0000-7000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toMatch(/Consumable .* not found/);
    const item = await api.call('POST', '/api/consumables', { siteId: api.siteId, unit: 'bag' });
    expect(item.status).toBe(400);
    const listed = await api.call('GET', `/api/consumable-entries?shiftSummaryId=${report}`);
    expect(listed.body).toEqual([]);
  });
});

describe('who manages the consumables list', () => {
  it('lets a crew phone read the list and record entries, but not manage the list (403)', () =>
    withCrewAndSupervisor(async ({ server, phone, boss, siteId }) => {
      const made = await server.call(boss, 'POST', '/api/consumables', {
        siteId,
        name: 'Core trays',
        unit: 'each',
      });
      expect(made.status).toBe(201);
      const item = made.body as Item;
      const list = await server.call(phone, 'GET', `/api/consumables?siteId=${siteId}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([expect.objectContaining({ name: 'Core trays' })]);
      const refused = await server.call(phone, 'POST', '/api/consumables', {
        siteId,
        name: 'Crew made',
        unit: 'each',
      });
      expect(refused.status).toBe(403);
      expect(
        (await server.call(phone, 'PUT', `/api/consumables/${item.id}`, { unit: 'box' })).status,
      ).toBe(403);
      expect((await server.call(phone, 'DELETE', `/api/consumables/${item.id}`)).status).toBe(403);
      const report = (await server.call(phone, 'POST', '/api/shift-summaries', {})).body as {
        id: string;
      };
      const entry = await server.call(
        phone,
        'POST',
        `/api/consumable-entries?shiftSummaryId=${report.id}`,
        { consumableId: item.id, quantity: 12 },
      );
      expect(entry.status).toBe(201);
    }));
});
