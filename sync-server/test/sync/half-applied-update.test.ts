import path from 'node:path';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '../../src/close-codes.ts';
import { createLogger } from '../../src/logger.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import {
  closedAfterEach,
  connectClient,
  rawSocket,
  startServer,
  syncUpdateMessage,
  synced,
  tempDir,
  upgradeStatus,
  waitFor,
} from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';

const ROOM = 'report:half-applied';

/** How a hand-written struct is placed: after an id (origin), or in a root type (and a map key). */
type Place = { origin: [number, number] } | { root: string; key?: string };

/**
 * A V1 update with one run of ContentAny structs of `client` from `clock`, as Yjs writes them,
 * and an empty delete set. Each struct is its place and its values.
 */
function anyStructs(
  client: number,
  clock: number,
  structs: [Place, encoding.AnyEncodable[]][],
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1); // one client
  encoding.writeVarUint(encoder, structs.length);
  encoding.writeVarUint(encoder, client);
  encoding.writeVarUint(encoder, clock);
  for (const [place, values] of structs) {
    if ('origin' in place) {
      encoding.writeUint8(encoder, 8 | 0b1000_0000); // ContentAny, has an origin
      encoding.writeVarUint(encoder, place.origin[0]);
      encoding.writeVarUint(encoder, place.origin[1]);
    } else {
      encoding.writeUint8(encoder, 8 | (place.key === undefined ? 0 : 0b0010_0000));
      encoding.writeVarUint(encoder, 1); // the parent is a root type, by name
      encoding.writeVarString(encoder, place.root);
      if (place.key !== undefined) encoding.writeVarString(encoder, place.key);
    }
    encoding.writeVarUint(encoder, values.length);
    for (const value of values) encoding.writeAny(encoder, value);
  }
  encoding.writeVarUint(encoder, 0); // no deletions
  return encoding.toUint8Array(encoder);
}

/** What a test compares: the map `m` and the array `rows`. */
function content(doc: Y.Doc): unknown {
  return { m: doc.getMap('m').toJSON(), rows: doc.getArray('rows').toJSON() };
}

describe('updates Yjs would apply in part or unlike its clients', () => {
  const { clients, servers } = closedAfterEach();
  const keep = (client: TestClient) => (clients.push(client), client);

  async function serverWithTwoClients() {
    const server = await startServer();
    servers.push(server);
    const a = keep(connectClient(server.url, ROOM, { durability: true }));
    const b = keep(connectClient(server.url, ROOM));
    await Promise.all([synced(a), synced(b)]);
    a.doc.getMap('m').set('before', 1);
    a.doc.getArray('rows').push(['a']);
    await waitFor(() => a.tracker?.pending === 0, 'first edits acknowledged');
    return { server, a, b };
  }

  /** The relay's in-memory document, as REST handlers read it. */
  const inMemory = (server: TestServer) => server.server.manager.read(ROOM, content);

  /** Restarts `server` on its data: the document in memory and on a joining client is `expected`. */
  async function expectAfterRestart(server: TestServer, expected: unknown): Promise<void> {
    await server.close();
    servers.splice(0);
    const restarted = await startServer({ dataDir: server.dataDir });
    servers.push(restarted);
    expect(await inMemory(restarted)).toEqual(expected);
    await expectJoining(restarted, expected);
  }

  /** A client joining `server` now has `expected` once synced. */
  async function expectJoining(server: TestServer, expected: unknown): Promise<void> {
    const joining = keep(connectClient(server.url, ROOM));
    await synced(joining);
    expect(content(joining.doc)).toEqual(expected);
  }

  it('refuses whole an update whose second struct points at a later clock of its own client: that socket closes with BadFrame, the others carry on, and a restart loads the same document', async () => {
    const { server, a, b } = await serverWithTwoClients();
    const X = 987_654;
    const bad = anyStructs(X, 0, [
      [{ root: 'm', key: 'bad' }, ['half']],
      [{ origin: [X, 5] }, [1]], // clock 1 after clock 5: nothing there yet
    ]);
    // Readable, and what Yjs alone does with it: the first struct goes in, then it throws.
    expect(() => Y.decodeUpdate(bad)).not.toThrow();
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    expect(() => Y.applyUpdate(copy, bad)).toThrow();
    expect(copy.getMap('m').get('bad')).toBe('half');

    const sender = await rawSocket(server.url, ROOM);
    sender.socket.send(syncUpdateMessage(bad));
    expect(await sender.closed).toBe(CloseCode.BadFrame);

    a.doc.getMap('m').set('after', 2);
    b.doc.getArray('rows').push(['b']);
    const c = keep(connectClient(server.url, ROOM));
    const expected = { m: { before: 1, after: 2 }, rows: ['a', 'b'] };
    for (const client of [a, b, c]) {
      await waitFor(
        () => JSON.stringify(content(client.doc)) === JSON.stringify(expected),
        'clients converge',
      );
    }
    expect(await inMemory(server)).toEqual(expected);
    await waitFor(() => a.tracker?.pending === 0, 'edits acknowledged');

    await expectAfterRestart(server, expected);
  });

  it('refuses an update whose held-back structs would make the next snapshot unloadable, so the document still loads after it leaves memory', async () => {
    const { server, a, b } = await serverWithTwoClients();
    const X = 765_432;
    const Z = 654_321; // a client the document has never seen
    const rows = anyStructs(X, 0, [[{ origin: [a.doc.clientID, 1] }, [0, 1]]]);
    // Clocks 0-2 again, after an item of Z (so Yjs holds the run back), then clock 3 after clock 9.
    const held = anyStructs(X, 0, [
      [{ origin: [Z, 0] }, ['x', 'y', 'z']],
      [{ origin: [X, 9] }, ['w']],
    ]);
    // What Yjs alone does: nothing throws, but the state it encodes (a compaction's snapshot)
    // includes the held run cut at clock 2, and that fails to load.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    Y.applyUpdate(copy, rows);
    expect(() => Y.applyUpdate(copy, held)).not.toThrow();
    expect(() => Y.applyUpdate(new Y.Doc(), Y.encodeStateAsUpdate(copy))).toThrow();

    const sender = await rawSocket(server.url, ROOM);
    sender.socket.send(syncUpdateMessage(rows));
    sender.socket.send(syncUpdateMessage(held));
    expect(await sender.closed).toBe(CloseCode.BadFrame);
    const expected = { m: { before: 1 }, rows: ['a', 0, 1] };
    await waitFor(
      () => JSON.stringify(content(b.doc)) === JSON.stringify(expected),
      'the first update reaches the others',
    );

    // Everyone leaves: the document is compacted into a snapshot and unloaded, then opened again.
    for (const client of clients.splice(0)) client.destroy();
    await waitFor(() => !server.server.manager.isOpen(ROOM), 'document unloaded');
    const snapshotOf = async () => (await server.server.store.load(ROOM))?.snapshot ?? null;
    await waitFor(async () => (await snapshotOf()) !== null, 'snapshot written');
    const reread = new Y.Doc();
    Y.applyUpdate(reread, (await snapshotOf()) ?? new Uint8Array());
    expect(content(reread)).toEqual(expected);
    await expectJoining(server, expected);
  });

  it('applies an update that names another parent for clocks the relay has as its clients read it, so the relay, its clients, its store and a restart agree', async () => {
    const { server, a, b } = await serverWithTwoClients();
    const Y_CLIENT = 876_543;
    // Clocks 0-2 appended to rows; then the same clocks and two more, said to be the map entry m.k.
    const rows = anyStructs(Y_CLIENT, 0, [[{ origin: [a.doc.clientID, 1] }, [0, 1, 2]]]);
    const lie = anyStructs(Y_CLIENT, 0, [[{ root: 'm', key: 'k' }, [0, 1, 2, 3, 4]]]);
    // What Yjs alone does: its document keeps 3-4 as m.k but encodes them in rows.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    Y.applyUpdate(copy, rows);
    Y.applyUpdate(copy, lie);
    const reread = new Y.Doc();
    Y.applyUpdate(reread, Y.encodeStateAsUpdate(copy));
    expect(content(copy)).not.toEqual(content(reread));

    const sender = await rawSocket(server.url, ROOM);
    sender.socket.send(syncUpdateMessage(rows));
    sender.socket.send(syncUpdateMessage(lie));
    await waitFor(() => b.doc.getArray('rows').length === 6, 'the rows reach the other clients');
    expect(sender.socket.readyState).toBe(sender.socket.OPEN);
    const expected = { m: { before: 1 }, rows: ['a', 0, 1, 2, 3, 4] };
    expect(content(b.doc)).toEqual(expected);
    expect(await inMemory(server)).toEqual(expected);

    // A server write on top (as REST makes them) lands where the clients see it.
    await server.server.manager.transact(ROOM, (doc) => doc.getMap('m').set('k', 'server'));
    const withWrite = { m: { before: 1, k: 'server' }, rows: expected.rows };
    for (const client of [a, b]) {
      await waitFor(
        () => JSON.stringify(content(client.doc)) === JSON.stringify(withWrite),
        'the server write reaches the clients',
      );
    }
    sender.socket.close();
    await sender.closed;

    await expectAfterRestart(server, withWrite);
  });
  it('names the stored part a document fails to load at (a snapshot written from such held-back structs before they were refused) and writes nothing over it', async () => {
    const X = 765_432;
    const Z = 654_321;
    const client = new Y.Doc();
    const rows: Uint8Array[] = [];
    client.on('update', (update: Uint8Array) => rows.push(update));
    client.getArray('rows').push(['a']);
    client.getArray('rows').push(['b']);
    // The snapshot a compaction wrote of a document holding such structs back, as before.
    const held = new Y.Doc();
    Y.applyUpdate(held, rows[0] ?? new Uint8Array());
    Y.applyUpdate(held, anyStructs(X, 0, [[{ root: 'rows' }, [0, 1]]]));
    Y.applyUpdate(
      held,
      anyStructs(X, 0, [
        [{ origin: [Z, 0] }, ['x', 'y', 'z']],
        [{ origin: [X, 9] }, ['w']],
      ]),
    );
    const dataDir = tempDir();
    const store = new SqliteStore(path.join(dataDir, 'plod.db'));
    const [firstSeq = 0] = await store.append([
      { docName: ROOM, update: rows[0] ?? new Uint8Array() },
    ]);
    await store.compact(ROOM, Y.encodeStateAsUpdate(held), firstSeq);
    await store.append([{ docName: ROOM, update: rows[1] ?? new Uint8Array() }]);
    const before = await store.load(ROOM);
    await store.close();

    const lines: string[] = [];
    const server = await startServer({
      dataDir,
      logger: createLogger('error', (line) => lines.push(line)),
    });
    servers.push(server);
    expect(await upgradeStatus(`${server.url}/${ROOM}`)).toBe(500);
    await expect(server.server.manager.read(ROOM, () => 1)).rejects.toThrow(
      `document ${ROOM} failed to load (snapshot ${firstSeq})`,
    );
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'document failed to load',
        doc: ROOM,
        at: `snapshot ${firstSeq}`,
      }),
    );
    expect(await server.server.store.load(ROOM)).toEqual(before);
  });
});
