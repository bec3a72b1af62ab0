import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface Rig {
  id: string;
  rigName: string;
  siteId: string;
}

describe('a plod’s rig is a rig of its site', () => {
  let api: Api;
  let otherSite = '';
  let otherRig: Rig;
  beforeAll(async () => {
    api = await demoApi();
    const site = await api.call('POST', '/api/sites', { siteName: 'Far Hill' });
    expect(site.status).toBe(201);
    otherSite = (site.body as { id: string }).id;
    const rig = await api.call('POST', '/api/rigs', { rigName: 'Far Rig', siteId: otherSite });
    expect(rig.status).toBe(201);
    otherRig = rig.body as Rig;
  });
  afterAll(() => api.close());

  it('GET /api/rigs?siteId= lists that site’s rigs alone; all without it', async () => {
    const all = (await api.call('GET', '/api/rigs')).body as Rig[];
    expect(all.map((rig) => rig.id)).toContain(otherRig.id);
    expect(all.some((rig) => rig.siteId === api.siteId)).toBe(true);
    const far = await api.call('GET', `/api/rigs?siteId=${otherSite}`);
    expect(far.status).toBe(200);
    expect(far.body).toEqual([otherRig]);
    const home = (await api.call('GET', `/api/rigs?siteId=${api.siteId}`)).body as Rig[];
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((rig) => rig.siteId === api.siteId)).toBe(true);
    const empty = await api.call('GET', '/api/rigs?siteId=');
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toMatch(/siteId/);
  });

  it('refuses to make or move a plod onto a rig of another site, with a message, and changes nothing', async () => {
    const made = await api.call('POST', '/api/shift-summaries', {
      siteId: api.siteId,
      rigId: otherRig.id,
      date: '2025-03-02',
    });
    expect(made.status).toBe(400);
    expect(made.body).toMatchObject({ message: 'Rig Far Rig is not a rig of site Demo Site' });

    const id = await api.report();
    const moved = await api.call('PATCH', `/api/shift-summaries/${id}`, { rigId: otherRig.id });
    expect(moved.status).toBe(400);
    expect((moved.body as { message: string }).message).toMatch(/Far Rig is not a rig of site/);
    // The site alone, leaving the rig of the first site behind, is refused too.
    const site = await api.call('PATCH', `/api/shift-summaries/${id}`, { siteId: otherSite });
    expect(site.status).toBe(400);
    const read = (await api.call('GET', `/api/shift-summaries/${id}`)).body as Rig;
    expect(read).toMatchObject({ siteId: api.siteId, rigId: api.rigId });
    // Both together are a move to the other site.
    const both = await api.call('PATCH', `/api/shift-summaries/${id}`, {
      siteId: otherSite,
      rigId: otherRig.id,
    });
    expect(both.status).toBe(200);
  });
});
