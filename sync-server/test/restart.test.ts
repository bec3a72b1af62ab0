import { describe, expect, it } from 'vitest';
import { closedAfterEach, connectClient, mapOf, startServer, synced, waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';

describe('restart and offline clients', () => {
  const { clients, servers } = closedAfterEach();
  const keep = <T extends TestClient>(c: T) => (clients.push(c), c);

  it('loses nothing across a stop and restart on the same data folder; clients reconnect by themselves', async () => {
    const first = await startServer();
    servers.push(first);
    const a = keep(connectClient(first.url, 'report:r', { durability: true }));
    const b = keep(connectClient(first.url, 'report:r'));
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 50; i++) a.doc.getMap('m').set(`a${i}`, i);
    await waitFor(() => a.tracker?.pending === 0, 'acknowledged before the stop');

    await first.close();
    await waitFor(() => !a.provider.wsconnected && !b.provider.wsconnected, 'clients saw the stop');
    b.doc.getMap('m').set('while-down', true);

    const second = await startServer({ dataDir: first.dataDir, port: first.port });
    servers.push(second);
    await waitFor(() => a.provider.synced && b.provider.synced, 'clients reconnected');
    await waitFor(() => mapOf(a.doc)['while-down'] === true, 'edit made while down arrives');
    const fresh = keep(connectClient(second.url, 'report:r'));
    await waitFor(() => Object.keys(mapOf(fresh.doc)).length === 51, 'fresh client has all');
    expect(mapOf(fresh.doc)).toEqual(mapOf(a.doc));
    expect(mapOf(b.doc)).toEqual(mapOf(a.doc));
  });

  it('merges a client that was offline for 500 edits, and the server stores all of them', async () => {
    const server = await startServer();
    servers.push(server);
    const online = keep(connectClient(server.url, 'report:o'));
    const roaming = keep(connectClient(server.url, 'report:o', { durability: true }));
    await Promise.all([synced(online), synced(roaming)]);
    roaming.provider.disconnect();
    const runs = roaming.doc.getArray<number>('runs');
    for (let i = 0; i < 500; i++) runs.push([i]);
    online.doc.getMap('m').set('supervisor-note', 'checked');
    expect(roaming.tracker?.pending).toBe(500);

    roaming.provider.connect();
    await waitFor(() => online.doc.getArray('runs').length === 500, 'online client has the 500');
    await waitFor(
      () => mapOf(roaming.doc)['supervisor-note'] === 'checked',
      'roaming client merged',
    );
    await waitFor(() => roaming.tracker?.pending === 0, 'all 500 acknowledged');

    const reloaded = await server.stored('report:o');
    expect(reloaded.getArray('runs').toJSON()).toEqual(runs.toJSON());
    expect(mapOf(reloaded)).toEqual({ 'supervisor-note': 'checked' });
  });
});
