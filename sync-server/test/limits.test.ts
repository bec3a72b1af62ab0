import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '../src/close-codes.ts';
import {
  closedAfterEach,
  connectClient,
  mapOf,
  rawSocket,
  startServer,
  syncUpdateMessage,
  synced,
  upgradeStatus,
  waitFor,
} from './helpers.ts';
import type { TestServer } from './helpers.ts';

function bigUpdate(): Uint8Array {
  const doc = new Y.Doc();
  const map = doc.getMap('m');
  for (let i = 0; i < 50; i++) map.set(`key-${i}`, `value-${i}`.repeat(10));
  map.delete('key-3');
  return Y.encodeStateAsUpdate(doc);
}

describe('limits and bad input', () => {
  let server: TestServer | null = null;
  const { clients, keepServer } = closedAfterEach();

  it('closes sockets that send random, truncated, text or oversized frames and serves on', async () => {
    server = keepServer(await startServer({ maxMessageBytes: 64 * 1024 }));
    const good = connectClient(server.url, 'report:x');
    clients.push(good);
    await synced(good);
    good.doc.getMap('m').set('before', 1);
    await waitFor(
      async () => ((await server?.server.store.load('report:x'))?.updates.length ?? 0) > 0,
    );
    const storedBefore = await server.server.store.load('report:x');

    const update = syncUpdateMessage(bigUpdate());
    const random = new Uint8Array(256).map((_, i) => (i * 7919 + 13) % 256);
    random[0] = 0x55;
    const frames: [string, Uint8Array | string, number][] = [
      ['random bytes', random, CloseCode.BadFrame],
      ['truncated update', update.slice(0, update.length - 7), CloseCode.BadFrame],
      [
        'update with a cut-off payload',
        syncUpdateMessage(bigUpdate().slice(0, 40)),
        CloseCode.BadFrame,
      ],
      ['unknown sync kind', new Uint8Array([0, 9, 1, 0]), CloseCode.BadFrame],
      ['text frame', 'hello', CloseCode.BadFrame],
      ['oversized frame', new Uint8Array(200 * 1024), CloseCode.MessageTooBig],
    ];
    for (const [label, frame, code] of frames) {
      const bad = await rawSocket(server.url, 'report:x');
      bad.socket.send(frame);
      expect(await bad.closed, label).toBe(code);
    }

    good.doc.getMap('m').set('after', 2);
    const witness = connectClient(server.url, 'report:x');
    clients.push(witness);
    await waitFor(() => mapOf(witness.doc).after === 2, 'good client still relayed');
    expect(mapOf(witness.doc)).toEqual({ before: 1, after: 2 });
    // Relayed means committed; the store's copy is read once the row is there.
    const rowsBefore = storedBefore?.updates.length ?? 0;
    await waitFor(
      async () => ((await server?.server.store.load('report:x'))?.updates.length ?? 0) > rowsBefore,
      'second update stored',
    );
    const storedAfter = await server.server.store.load('report:x');
    // Only the good client's second update was added.
    expect(storedAfter?.updates.slice(0, storedBefore?.updates.length)).toEqual(
      storedBefore?.updates,
    );
    expect(storedAfter?.updates.length).toBe((storedBefore?.updates.length ?? 0) + 1);
  });

  it('decides access before the upgrade: deny is 403, unauthenticated is 401', async () => {
    server = keepServer(
      await startServer({
        authorize: (request, docName) => {
          const token = new URL(request.url).searchParams.get('token');
          if (!token) return 'unauthenticated';
          return docName === 'setup' ? 'deny' : 'write';
        },
      }),
    );
    expect(await upgradeStatus(`${server.url}/report:1`)).toBe(401);
    expect(await upgradeStatus(`${server.url}/setup?token=t`)).toBe(403);
    expect(await upgradeStatus(`${server.url}/report:1?token=t`)).toBe(101);
    expect(await upgradeStatus(`${server.url}/bad%20name?token=t`)).toBe(400);
    expect(server.server.registry.size).toBeLessThanOrEqual(1);
  });

  it('refuses an upgrade without credentials when insecureAllowAll is off and no hook is given', async () => {
    server = keepServer(await startServer({ insecureAllowAll: false }));
    expect(await upgradeStatus(`${server.url}/report:1`)).toBe(401);
  });

  it('applies no update from a read-only socket, which still receives sync and presence', async () => {
    server = keepServer(
      await startServer({
        authorize: (request) => (new URL(request.url).searchParams.has('ro') ? 'read' : 'write'),
      }),
    );
    const writer = connectClient(server.url, 'holes');
    clients.push(writer);
    await synced(writer);
    writer.doc.getMap('m').set('hole', 'DD001');
    const reader = connectClient(server.url, 'holes', { durability: true, params: { ro: '1' } });
    clients.push(reader);
    await waitFor(() => mapOf(reader.doc).hole === 'DD001', 'reader receives state');
    reader.doc.getMap('m').set('sneaky', true);
    // Same socket, after the update: once the writer sees this presence, the server read the update.
    reader.provider.awareness.setLocalStateField('user', 'r');
    await waitFor(() => writer.provider.awareness.getStates().has(reader.doc.clientID), 'presence');
    writer.provider.awareness.setLocalStateField('user', 'w');
    await waitFor(() => reader.provider.awareness.getStates().has(writer.doc.clientID), 'presence');
    writer.doc.getMap('m').set('later', 1);
    await waitFor(() => mapOf(reader.doc).later === 1, 'reader still receives updates');
    expect(mapOf(writer.doc).sneaky).toBeUndefined();
    const check = connectClient(server.url, 'holes');
    clients.push(check);
    await waitFor(() => mapOf(check.doc).later === 1);
    expect(mapOf(check.doc).sneaky).toBeUndefined();
    expect(reader.tracker?.pending).toBe(1);
  });

  it('answers 503 before accepting when too many upgrades are in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server = keepServer(
      await startServer({
        maxPendingUpgrades: 2,
        authorize: async () => {
          await gate;
          return 'write' as const;
        },
      }),
    );
    const url = `${server.url}/report:busy`;
    const first = [upgradeStatus(url), upgradeStatus(url)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await upgradeStatus(url)).toBe(503);
    release();
    expect(await Promise.all(first)).toEqual([101, 101]);
  });
});
