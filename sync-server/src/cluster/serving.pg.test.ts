import { describe, expect, it } from 'vitest';
import { connectClient, synced, waitFor } from '../../test/helpers.ts';
import { databasePerTest } from '../../test/pg/database.ts';
import { expectNoStart, spawnServer } from '../../test/process.ts';
import type { ServerProcess } from '../../test/process.ts';

const SECRET = 'cluster-secret-for-tests';

describe('one owner per document, whatever the processes are started with', () => {
  const { clients, keepServer, createDatabase } = databasePerTest<ServerProcess>();

  const start = async (env: Record<string, string>) => keepServer(await spawnServer(env));
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  it('refuses to start beside a process serving the database alone, or with another secret', async () => {
    const database = await createDatabase();
    const base = { PLOD_DATABASE_URL: database.url, PLOD_DEMO: '0' };

    // One process without the secret serves the database alone.
    const alone = await start(base);
    const phone = connectClient(alone.url, 'report:alone', { durability: true });
    clients.push(phone);
    await synced(phone);
    phone.doc.getMap('m').set('kept', 'by the one owner');
    await waitFor(() => phone.tracker?.pending === 0, 'the edit saved');

    // A second one without the secret: refused, naming the variables.
    const second = await expectNoStart(base);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('PLOD_DATABASE_URL');
    expect(second.stderr).toContain('PLOD_CLUSTER_SECRET');
    // One with a secret cannot join a process that has none.
    const joining = await expectNoStart({ ...base, PLOD_CLUSTER_SECRET: SECRET });
    expect(joining.code).toBe(1);
    expect(joining.stderr).toMatch(/without PLOD_CLUSTER_SECRET serves the database/);
    // The one owner still serves its plod as before.
    phone.doc.getMap('m').set('after', 'the refusals');
    await waitFor(() => phone.tracker?.pending === 0, 'the next edit saved');
    await stop(alone);

    // Two processes with the same secret share it; one alone, or with another secret, is refused.
    const cluster = [
      await start({ ...base, PLOD_CLUSTER_SECRET: SECRET }),
      await start({ ...base, PLOD_CLUSTER_SECRET: SECRET }),
    ];
    const refusedAlone = await expectNoStart(base);
    expect(refusedAlone.code).toBe(1);
    expect(refusedAlone.stderr).toContain('PLOD_CLUSTER_SECRET');
    const otherSecret = await expectNoStart({
      ...base,
      PLOD_CLUSTER_SECRET: 'another-secret-of-this-deployment',
    });
    expect(otherSecret.code).toBe(1);
    expect(otherSecret.stderr).toMatch(/share another PLOD_CLUSTER_SECRET/);
    const readers = cluster.map((server) => {
      const reader = connectClient(server.url, 'report:alone');
      clients.push(reader);
      return reader;
    });
    await Promise.all(readers.map(synced));
    for (const reader of readers) {
      expect(reader.doc.getMap('m').toJSON()).toEqual({
        kept: 'by the one owner',
        after: 'the refusals',
      });
    }

    // Once none runs, the deployment may start again with a new secret.
    for (const server of cluster) await stop(server);
    await start({ ...base, PLOD_CLUSTER_SECRET: 'a-rotated-secret-for-tests' });
  }, 90_000);
});
