import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { ServerOptions } from '../../src/server.ts';
import { connectClient, mapOf, synced, upgradeStatus, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';
import { startSecureServer } from './helpers.ts';
import type { SecureServer } from './helpers.ts';

const REPORT = 'report:01a20000-0000-7000-8000-0000000000bb';

describe('/sync access', () => {
  let server: SecureServer;
  const clients: TestClient[] = [];
  const connect = (...args: Parameters<typeof connectClient>) => {
    const client = connectClient(...args);
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await server.close();
  });

  const start = async (options: ServerOptions = {}) => {
    server = await startSecureServer(options);
    const supervisor = await server.signIn();
    const device = await server.join('Rig phone');
    return { supervisor, device, cookie: server.socketHeaders(supervisor) };
  };

  it('refuses an upgrade with HTTP 401 before accepting: no token, an unknown token, a revoked token', async () => {
    const { supervisor, device } = await start();
    expect(await upgradeStatus(`${server.url}/holes`)).toBe(401);
    expect(await upgradeStatus(`${server.url}/holes?token=not-a-token`)).toBe(401);
    expect(await upgradeStatus(`${server.url}/holes`, { authorization: 'Bearer nope' })).toBe(401);
    expect(await upgradeStatus(`${server.url}/holes?token=${device.token}`)).toBe(101);
    await server.call(supervisor, 'DELETE', `/api/devices/${device.deviceId}`);
    expect(await upgradeStatus(`${server.url}/holes?token=${device.token}`)).toBe(401);
    expect(server.server.registry.size).toBe(0);
  });

  it('keeps setup read-only to a crew socket (its update never reaches the server) while a supervisor writes', async () => {
    const { device, cookie } = await start();
    const boss = connect(server.url, 'setup', { headers: cookie });
    const crew = connect(server.url, 'setup', {
      params: { token: device.token },
      durability: true,
    });
    await Promise.all([synced(boss), synced(crew)]);
    boss.doc.getMap('m').set('site', 'North');
    await waitFor(() => mapOf(crew.doc).site === 'North', 'crew reads setup');
    crew.doc.getMap('m').set('site', 'Forged');
    crew.doc.getMap('m').set('sneaky', true);
    // Presence from the crew socket after its update: once the supervisor sees it, the server has read the update.
    crew.provider.awareness.setLocalStateField('user', 'crew');
    await waitFor(
      () => boss.provider.awareness.getStates().has(crew.doc.clientID),
      'crew presence reaches the supervisor',
    );
    boss.doc.getMap('m').set('later', 1);
    await waitFor(() => mapOf(crew.doc).later === 1, 'crew still receives');
    expect(mapOf(boss.doc).sneaky).toBeUndefined();
    expect(mapOf(boss.doc).site).toBe('North');
    const check = connect(server.url, 'setup', { headers: cookie });
    await waitFor(() => mapOf(check.doc).later === 1, 'a fresh reader is synced');
    expect(mapOf(check.doc)).toEqual({ site: 'North', later: 1 });
    expect(crew.tracker?.pending).toBeGreaterThan(0);
  });

  it('lets crews write holes and reports, and nobody write the reports index or an unknown document', async () => {
    const { device, cookie } = await start();
    const crewHoles = connect(server.url, 'holes', { params: { token: device.token } });
    const bossHoles = connect(server.url, 'holes', { headers: cookie });
    const crewReport = connect(server.url, REPORT, { params: { token: device.token } });
    const bossReport = connect(server.url, REPORT, { headers: cookie });
    await Promise.all([crewHoles, bossHoles, crewReport, bossReport].map(synced));
    crewHoles.doc.getMap('m').set('hole', 'DH002');
    crewReport.doc.getMap('m').set('run', 1);
    await waitFor(() => mapOf(bossHoles.doc).hole === 'DH002', 'crew hole reaches the supervisor');
    await waitFor(() => mapOf(bossReport.doc).run === 1, 'crew report edit reaches the supervisor');

    const index = connect(server.url, 'reports-index', { headers: cookie });
    await synced(index);
    index.doc.getMap('m').set('forged', true);
    const reader = connect(server.url, 'reports-index', { params: { token: device.token } });
    await synced(reader);
    index.provider.awareness.setLocalStateField('user', 'boss');
    await waitFor(() => reader.provider.awareness.getStates().has(index.doc.clientID), 'presence');
    expect(mapOf(reader.doc).forged).toBeUndefined();

    expect(await upgradeStatus(`${server.url}/scratch?token=${device.token}`)).toBe(403);
    expect(await upgradeStatus(`${server.url}/scratch`, cookie)).toBe(403);
  });

  it('takes a cookie upgrade only from an allowed Origin; token upgrades need none', async () => {
    const { supervisor, device } = await start({ allowedOrigins: ['https://plod.example.com'] });
    const url = `${server.url}/holes`;
    expect(await upgradeStatus(url, { cookie: supervisor.cookie, origin: server.http })).toBe(101);
    expect(
      await upgradeStatus(url, { cookie: supervisor.cookie, origin: 'https://plod.example.com' }),
    ).toBe(101);
    expect(
      await upgradeStatus(url, { cookie: supervisor.cookie, origin: 'https://evil.example' }),
    ).toBe(403);
    expect(await upgradeStatus(url, { cookie: supervisor.cookie })).toBe(403);
    expect(
      await upgradeStatus(`${url}?token=${device.token}`, { origin: 'https://evil.example' }),
    ).toBe(101);
  });

  it('gives a device’s report socket the hold from holdFor, with its device; supervisors get none', async () => {
    const asked: string[] = [];
    const kept: string[] = [];
    const { device, cookie } = await start({
      holdFor: (docName, who) => {
        asked.push(`${docName} ${who.deviceId} ${who.deviceName}`);
        return {
          shouldHold: (doc: Y.Doc) => doc.getMap('m').get('sent') === true,
          keep: async (name) => {
            kept.push(name);
          },
        };
      },
    });
    const boss = connect(server.url, REPORT, { headers: cookie });
    const crew = connect(server.url, REPORT, { params: { token: device.token } });
    await Promise.all([synced(boss), synced(crew)]);
    expect(asked).toEqual([`${REPORT} ${device.deviceId} Rig phone`]);
    boss.doc.getMap('m').set('sent', true);
    await waitFor(() => mapOf(crew.doc).sent === true, 'crew sees the report submitted');
    crew.doc.getMap('m').set('late', 'edit');
    await waitFor(() => kept.length === 1, 'the late edit is kept aside');
    expect(kept).toEqual([REPORT]);
    boss.doc.getMap('m').set('supervisor', 'still writes');
    await waitFor(() => mapOf(crew.doc).supervisor === 'still writes', 'supervisor edit applied');
    expect(mapOf(boss.doc).late).toBeUndefined();
  });
});
