import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPgCluster, withConnection } from '../../scripts/pg-cluster.ts';
import type { PgCluster } from '../../scripts/pg-cluster.ts';
import { connectClient, synced, waitFor } from '../../test/helpers.ts';
import type { TestClient } from '../../test/helpers.ts';
import { storedDoc } from '../../test/pg/database.ts';
import { spawnServer } from '../../test/process.ts';
import type { ServerProcess } from '../../test/process.ts';
import { expectEverySentIn, streamFrom } from '../../test/writers.ts';
import { startBalancer } from './balancer.ts';
import type { Balancer } from './balancer.ts';

const SECRET = 'cluster-secret-for-tests';

/**
 * A process kept running as systemd's `Restart=always` would: each time it exits, it is started
 * again with the same settings on the same port (once PostgreSQL answers, which a restart needs).
 */
interface Supervised {
  current: ServerProcess;
  /** Exit codes of the runs that ended, in order. */
  exits: (number | string)[];
  stop(): Promise<void>;
}

describe('a PostgreSQL restart mid-stream', () => {
  // A cluster of this file's own: restarting the suite's shared one would cut the other tests off.
  let cluster: PgCluster;
  const supervised: Supervised[] = [];
  const clients: TestClient[] = [];
  const balancers: Balancer[] = [];
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => cluster.stop());
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await Promise.all(balancers.splice(0).map((balancer) => balancer.close()));
    await Promise.all(supervised.splice(0).map((process) => process.stop()));
  });

  const answers = (url: string) =>
    withConnection(url, async (client) => (await client.query('SELECT 1')).rowCount === 1).catch(
      () => false,
    );

  const supervise = async (env: Record<string, string>): Promise<Supervised> => {
    let stopping = false;
    const first = await spawnServer(env);
    const port = String(first.port);
    const entry: Supervised = {
      current: first,
      exits: [],
      stop: async () => {
        stopping = true;
        await restarting;
        if (entry.current.child.exitCode === null && entry.current.child.signalCode === null) {
          entry.current.child.kill('SIGKILL');
        }
        await entry.current.exited;
      },
    };
    let restarting: Promise<void> = Promise.resolve();
    const watch = (running: ServerProcess) => {
      void running.exited.then((code) => {
        if (stopping) return;
        entry.exits.push(code);
        restarting = (async () => {
          for (let attempt = 1; attempt <= 20 && !stopping; attempt++) {
            await waitFor(() => answers(env.PLOD_DATABASE_URL ?? ''), 'PostgreSQL back', 30_000);
            try {
              entry.current = await spawnServer({ ...env, PORT: port });
              watch(entry.current);
              return;
            } catch {
              // PostgreSQL went away again between the check and the start: once more.
            }
          }
        })();
      });
    };
    watch(first);
    supervised.push(entry);
    return entry;
  };

  it('stops every process (exit 1), each is restarted, and nothing acknowledged is lost', async () => {
    const clusterDb = await createDatabase(cluster.url, `plod_${randomUUID().replaceAll('-', '')}`);
    const aloneDb = await createDatabase(cluster.url, `plod_${randomUUID().replaceAll('-', '')}`);
    const env = { PLOD_DATABASE_URL: clusterDb, PLOD_CLUSTER_SECRET: SECRET, PLOD_DEMO: '0' };
    const two = await Promise.all([supervise(env), supervise(env)]);
    const alone = await supervise({ PLOD_DATABASE_URL: aloneDb, PLOD_DEMO: '0' });
    const balancer = await startBalancer(
      two.map((process) => ({ host: '127.0.0.1', port: process.current.port })),
    );
    balancers.push(balancer);

    const room = 'report:pg-restart';
    const writers = [
      ...['a', 'b'].map((name) => ({
        name,
        db: clusterDb,
        client: connectClient(`ws://127.0.0.1:${balancer.port}/sync`, room, { durability: true }),
      })),
      {
        name: 'alone',
        db: aloneDb,
        client: connectClient(alone.current.url, room, { durability: true }),
      },
    ];
    clients.push(...writers.map((writer) => writer.client));
    await Promise.all(writers.map((writer) => synced(writer.client)));
    const stream = streamFrom(writers, {
      upTo: 50_000,
      pause: () => new Promise((resolve) => setTimeout(resolve, 10)),
    });
    await stream.untilAcknowledged(200, {
      message: 'two hundred acknowledged per client',
      timeoutMs: 20_000,
    });

    const acknowledged = stream.acknowledged();
    await cluster.restart();
    // Every process lost its lock connection and stopped, as documented; each was started again.
    const everyone = [...two, alone];
    await waitFor(
      () => everyone.every((process) => process.exits.length >= 1),
      'every process stopped',
      20_000,
    );
    expect(everyone.map((process) => process.exits[0])).toEqual([1, 1, 1]);
    await stream.untilAcknowledged(100, {
      since: acknowledged,
      message: 'a hundred more acknowledged per client after the restart',
      timeoutMs: 90_000,
    });
    await stream.settle();

    for (const [index, writer] of writers.entries()) {
      const stored = await storedDoc(writer.db, room);
      expectEverySentIn(stored.getMap('m'), [writer], [acknowledged[index] ?? 0], 'the restart');
    }
  }, 180_000);
});
