import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { connectClient, synced, waitFor } from '../../test/helpers.ts';
import { databasePerTest, storedDoc } from '../../test/pg/database.ts';
import type { TestDatabase } from '../../test/pg/database.ts';
import { spawnServer } from '../../test/process.ts';
import type { ServerProcess } from '../../test/process.ts';
import { expectEverySentIn, streamFrom } from '../../test/writers.ts';
import type { Writer } from '../../test/writers.ts';
import { startBalancer } from './balancer.ts';
import { LOCK_SPACE, lockKey } from './ownership.ts';
import { startNginx } from '../../test/nginx.ts';

const SECRET = 'cluster-secret-for-tests';
const METRICS_TOKEN = 'metrics-token-for-tests';

/** The value of one /metrics line (`name` with its labels, as written). */
async function metric(server: ServerProcess, name: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split('\n').find((item) => item.startsWith(`${name} `));
  if (line === undefined) throw new Error(`no ${name} in /metrics`);
  return Number(line.slice(name.length + 1));
}

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  if (!response.ok) {
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/** A document's map `m` as JSON with its keys in order (replicas list keys in arrival order). */
const sorted = (doc: Y.Doc) =>
  JSON.stringify(Object.entries(doc.getMap('m').toJSON()).sort(([a], [b]) => a.localeCompare(b)));

/** Ten updates a client, then 10 ms. */
const STREAMING = {
  upTo: 50_000,
  pause: () => new Promise((resolve) => setTimeout(resolve, 10)),
};

describe('several relay processes on one PostgreSQL', () => {
  // The balancers and nginx are kept with the processes, and closed after them.
  const { clients, keepServer, createDatabase } = databasePerTest();

  /** Three processes on one fresh database, started together. */
  const startThree = async (env: Record<string, string> = {}) => {
    const database = await createDatabase();
    const starting = [1, 2, 3].map(() =>
      spawnServer({
        PLOD_DATABASE_URL: database.url,
        PLOD_CLUSTER_SECRET: SECRET,
        PLOD_METRICS_TOKEN: METRICS_TOKEN,
        PLOD_TRUST_PROXY: 'true',
        ...env,
      }).then(keepServer),
    );
    return { database, servers: await Promise.all(starting) };
  };

  /** The port of the process holding a document's lock (read from PostgreSQL itself). */
  const ownerPort = async (database: TestDatabase, docName: string): Promise<number | null> => {
    const { rows } = await database.query<{ address: string }>(
      `SELECT p.address FROM pg_locks l JOIN plod_processes p ON p.lock_pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
         AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid`,
      [LOCK_SPACE, lockKey(docName)],
    );
    const address = rows[0]?.address;
    return address === undefined ? null : Number(new URL(address).port);
  };

  const client = (url: string, room: string, durability = false) => {
    const made = connectClient(url, room, { durability });
    clients.push(made);
    return made;
  };

  /**
   * The writers stream until each has two hundred updates acknowledged; then the process owning
   * `room` is killed (SIGKILL). What each writer had seen acknowledged at the kill comes back with
   * the stream and the process killed.
   */
  const streamUntilOwnerKilled = async (
    database: TestDatabase,
    room: string,
    servers: ServerProcess[],
    writers: Writer[],
  ) => {
    const stream = streamFrom(writers, STREAMING);
    await stream.untilAcknowledged(200, {
      message: 'two hundred acknowledged per client',
      timeoutMs: 20_000,
    });
    const ownerAtKill = await ownerPort(database, room);
    const victim = servers.find((server) => server.port === ownerAtKill);
    if (!victim) throw new Error(`no process owns ${room}`);
    victim.child.kill('SIGKILL');
    const acknowledged = stream.acknowledged();
    expect(await victim.exited).toBe('SIGKILL');
    return { stream, victim, acknowledged };
  };

  it('serves one plod to clients on three processes: they converge, through one owner', async () => {
    const { database, servers } = await startThree({ PLOD_DEMO: '0' });
    const room = 'report:one-plod-three-processes';
    const editors = servers.map((server) => client(server.url, room));
    await Promise.all(editors.map(synced));
    editors.forEach((editor, i) => {
      const map = editor.doc.getMap<number>('m');
      for (let n = 1; n <= 50; n++) map.set(`p${i}:${n}`, n);
    });
    const expected = editors.flatMap((_, i) =>
      Array.from({ length: 50 }, (_unused, n) => `p${i}:${n + 1}`),
    );
    await waitFor(
      () =>
        editors.every((editor) => {
          const map = editor.doc.getMap('m');
          return expected.every((key) => map.has(key));
        }),
      'every edit on every client',
      15_000,
    );
    const states = editors.map((editor) => sorted(editor.doc));
    expect(new Set(states).size).toBe(1);

    // One process owns the plod; the other two forwarded their client's socket to it.
    const owner = await ownerPort(database, room);
    expect(servers.map((server) => server.port)).toContain(owner);
    const forwarded = await Promise.all(
      servers.map((server) => metric(server, 'plod_cluster_sockets_forwarded')),
    );
    expect(forwarded.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(forwarded[servers.findIndex((server) => server.port === owner)]).toBe(0);
    // What they converged on is what PostgreSQL holds.
    await waitFor(async () => {
      const stored = await storedDoc(database.url, room);
      return expected.every((key) => stored.getMap('m').has(key));
    }, 'every edit stored');
  });

  it('takes a plod over when its owner is killed mid-stream, and again when the next owner is killed mid-takeover, with every acknowledged update', async () => {
    const { database, servers } = await startThree({ PLOD_DEMO: '0' });
    const balancer = keepServer(
      await startBalancer(servers.map((server) => ({ host: '127.0.0.1', port: server.port }))),
    );
    const room = 'report:owner-killed';
    const url = `ws://127.0.0.1:${balancer.port}/sync`;
    const writers = ['a', 'b', 'c'].map((name) => ({ name, client: client(url, room, true) }));
    await Promise.all(writers.map((writer) => synced(writer.client)));

    const { stream, victim, acknowledged } = await streamUntilOwnerKilled(
      database,
      room,
      servers,
      writers,
    );

    // Another process takes the plod over as the clients reconnect through the balancer: it is
    // killed too the moment it holds the lock, in the middle of its takeover.
    let taking: ServerProcess | undefined;
    await waitFor(
      async () => {
        const owner = await ownerPort(database, room);
        taking = servers.find((server) => server.port === owner && server !== victim);
        return taking !== undefined;
      },
      'a new owner',
      15_000,
    );
    if (!taking) throw new Error('no process took the plod over');
    taking.child.kill('SIGKILL');
    const acknowledgedAtSecondKill = stream.acknowledged();
    expect(await taking.exited).toBe('SIGKILL');

    // The last process takes it over; the clients go on.
    const last = servers.find((server) => server !== victim && server !== taking);
    await waitFor(
      async () => (await ownerPort(database, room)) === last?.port,
      'the last process owns the plod',
      15_000,
    );
    await stream.untilAcknowledged(100, {
      since: acknowledgedAtSecondKill,
      message: 'a hundred more acknowledged per client after the takeovers',
      timeoutMs: 30_000,
    });
    await stream.settle();

    // Every update acknowledged before the kill is in PostgreSQL, and every one sent since too.
    const stored = await storedDoc(database.url, room);
    expectEverySentIn(stored.getMap('m'), writers, acknowledged, 'the kill');
    // And a new client sees the same plod as the writers.
    const reader = client(url, room);
    await synced(reader);
    await waitFor(
      () => sorted(reader.doc) === (writers[0] ? sorted(writers[0].client.doc) : ''),
      'the reader converged with the writers',
      15_000,
    );
  }, 120_000);

  it('serves a plod through nginx, configured as documented, in front of three processes; the owner killed, nothing acknowledged is lost', async () => {
    const { database, servers } = await startThree({ PLOD_DEMO: '0' });
    const nginx = keepServer(await startNginx(servers.map((server) => server.port)));
    const http = `http://127.0.0.1:${nginx.port}`;
    expect((await fetch(`${http}/api/health`)).status).toBe(200);
    // The processes' own routes are not reachable through it.
    const internal = await fetch(`${http}/internal/cluster/docs/report:x`, {
      headers: { 'x-plod-cluster-secret': SECRET },
    });
    expect(internal.status).toBe(404);

    const room = 'report:behind-nginx';
    const viaNginx = client(`ws://127.0.0.1:${nginx.port}/sync`, room, true);
    await synced(viaNginx);
    // A second phone on a process that does not own the plod: its socket is forwarded.
    const firstOwner = await ownerPort(database, room);
    const direct = servers.find((server) => server.port !== firstOwner);
    if (!direct) throw new Error('no process besides the owner');
    const onProcess = client(direct.url, room, true);
    await synced(onProcess);
    const writers = [
      { name: 'nginx', client: viaNginx },
      { name: 'process', client: onProcess },
    ];
    const { stream, acknowledged } = await streamUntilOwnerKilled(database, room, servers, writers);
    await stream.untilAcknowledged(100, {
      since: acknowledged,
      message: 'a hundred more acknowledged per client after the takeover',
      timeoutMs: 30_000,
    });
    await stream.settle();

    // Both phones hold the same plod, and PostgreSQL holds every update either sent.
    await waitFor(
      () => sorted(viaNginx.doc) === sorted(onProcess.doc),
      'the two phones converged',
      15_000,
    );
    const stored = await storedDoc(database.url, room);
    expectEverySentIn(stored.getMap('m'), writers, acknowledged, 'the kill');
  }, 120_000);

  it('reads back on one process a plod written through REST on another', async () => {
    const { database, servers } = await startThree();
    const [first, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const http = (server: ServerProcess) => `http://127.0.0.1:${server.port}`;
    const writesForwarded = (server: ServerProcess) =>
      metric(server, 'plod_cluster_forwarded_total{kind="write"}');
    const sites = (await json(`${http(first)}/api/sites`)) as { id: string; siteName: string }[];
    // Three processes started together: one seeded the demo, the others found it.
    expect(sites.map((site) => site.siteName)).toEqual(['Demo Site']);
    const created = (await json(`${http(first)}/api/shift-summaries`, {
      method: 'POST',
      body: JSON.stringify({ siteId: sites[0]?.id, date: '2025-04-01', operator: 'Pat Driller' }),
    })) as { id: string };
    // The process that created the plod owns it.
    expect(await ownerPort(database, `report:${created.id}`)).toBe(first.port);

    const before = await writesForwarded(second);
    const written = await json(`${http(second)}/api/shift-summaries/${created.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ notes: 'Written on the second process' }),
    });
    expect(written).toMatchObject({
      operator: 'Pat Driller',
      notes: 'Written on the second process',
    });
    // The second process handed its write to the owner instead of writing the plod itself.
    expect((await writesForwarded(second)) - before).toBe(1);
    expect(await ownerPort(database, `report:${created.id}`)).toBe(first.port);

    const read = await json(`${http(third)}/api/shift-summaries/${created.id}`);
    expect(read).toMatchObject({
      id: created.id,
      operator: 'Pat Driller',
      notes: 'Written on the second process',
    });
  });
});
