import { describe, expect, it } from 'vitest';
import { syncSubprotocols } from '@plod/model/sync';
import { connectClient, synced, tempDir, upgradeStatus, waitFor } from '../../test/helpers.ts';
import { startSecureServer } from '../../test/auth/helpers.ts';
import type { SecureServer } from '../../test/auth/helpers.ts';
import { databasePerTest } from '../../test/pg/database.ts';
import { CLUSTER_SECRET_HEADER, INTERNAL_PREFIX } from './peer-client.ts';

const SECRET = 'cluster-secret-for-tests';

describe('access across processes', () => {
  const { clients, servers, createDatabase } = databasePerTest<SecureServer>();

  /** Two processes (in this one) on one database and one data folder, access control on. */
  const startTwo = async () => {
    const database = await createDatabase();
    const dataDir = tempDir();
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startSecureServer({
          databaseUrl: database.url,
          dataDir,
          cluster: { secret: SECRET },
        }),
      );
    }
    return servers as [SecureServer, SecureServer];
  };

  it('forwards only sockets it would accept itself, with the device’s own token', async () => {
    const [owner, other] = await startTwo();
    const boss = await owner.signIn();
    const created = await owner.call(boss, 'POST', '/api/shift-summaries', { date: '2025-09-01' });
    expect(created.status).toBe(201);
    const room = `report:${(created.body as { id: string }).id}`;
    const device = await owner.join('Rig phone');
    const onOwner = connectClient(owner.url, room, {
      protocols: syncSubprotocols(device.token),
    });
    clients.push(onOwner);
    await synced(onOwner);

    // On the other process: refused there without credentials, as the owner would.
    expect(await upgradeStatus(`${other.url}/${room}`)).toBe(401);
    expect(other.server.cluster?.metrics().socketsForwarded).toBe(0);
    // With the device's token: forwarded to the owner, which serves it with the others.
    const onOther = connectClient(other.url, room, { protocols: syncSubprotocols(device.token) });
    clients.push(onOther);
    await synced(onOther);
    expect(other.server.cluster?.metrics().socketsForwarded).toBe(1);
    onOther.doc.getMap('m').set('from', 'the other process');
    await waitFor(() => onOwner.doc.getMap('m').get('from') === 'the other process', 'relayed');
  });

  it('answers the processes’ own calls only to the deployment’s secret', async () => {
    const [owner] = await startTwo();
    const boss = await owner.signIn();
    const created = await owner.call(boss, 'POST', '/api/shift-summaries', { date: '2025-09-01' });
    const url = `${owner.http}${INTERNAL_PREFIX}/docs/report:${(created.body as { id: string }).id}`;
    const state = (headers: Record<string, string>) => fetch(url, { headers });
    expect((await state({})).status).toBe(404);
    expect((await state({ [CLUSTER_SECRET_HEADER]: 'not-the-secret' })).status).toBe(404);
    // A supervisor's session is not the secret either.
    expect((await state({ cookie: boss.cookie })).status).toBe(404);
    const answered = await state({ [CLUSTER_SECRET_HEADER]: SECRET });
    expect(answered.status).toBe(200);
    expect((await answered.arrayBuffer()).byteLength).toBeGreaterThan(2);
  });
});
