import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { CloseCode } from '../../src/close-codes.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { connectClient, startServer, synced, waitFor } from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';

const MIB = 1024 * 1024;

/** Caps on what one socket may send: presence size, updates per hour, bytes per day. */
describe('caps with clear errors over /sync', () => {
  let server: TestServer | SecureServer | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await server?.close();
    server = null;
  });
  const keep = (client: TestClient) => {
    clients.push(client);
    return client;
  };
  const closeReasons = (client: TestClient) => {
    const closes: { code: number; reason: string }[] = [];
    client.provider.on('connection-close', (event) => {
      if (event) closes.push({ code: event.code, reason: event.reason });
    });
    return closes;
  };
  const newPlod = async (live: SecureServer) => {
    const boss = await live.signIn();
    const created = await live.call(boss, 'POST', '/api/shift-summaries', { date: '2026-03-02' });
    return reportDocName((created.body as { id: ReportId }).id);
  };

  it('does not relay a presence state over a few KB: the socket is closed with a reason', async () => {
    const live = await startServer();
    server = live;
    const [phone, crewmate, third] = [0, 1, 2].map(() => keep(connectClient(live.url, 'plod')));
    if (!phone || !crewmate || !third) throw new Error('three clients');
    await Promise.all([synced(phone), synced(crewmate), synced(third)]);
    const closes = closeReasons(phone);
    // Whether the crewmate's phone shows `from`'s presence.
    const seen = (from: TestClient) =>
      crewmate.provider.awareness.getStates().get(from.doc.clientID) !== undefined;

    phone.provider.awareness.setLocalStateField('user', { name: 'Ann' });
    await waitFor(() => seen(phone), 'a small presence relayed');
    phone.provider.awareness.setLocalStateField('user', { name: 'x'.repeat(1024 * 1024) });
    await waitFor(() => closes.length > 0, 'the socket closed');
    expect(closes[0]).toEqual({
      code: CloseCode.PresenceTooLarge,
      reason: 'Presence state larger than 4096 bytes is not relayed',
    });
    // Presence sent after it arrives, and the big state never did.
    third.provider.awareness.setLocalStateField('user', { name: 'Bo' });
    await waitFor(() => seen(third), 'a later presence relayed');
    const states = [...crewmate.provider.awareness.getStates().values()];
    expect(JSON.stringify(states).length).toBeLessThan(4096);
  });

  it('refuses updates past the per-hour count of one device on one plod, keeping those before', async () => {
    const live = await startSecureServer({ updatesPerDeviceHour: 20 });
    server = live;
    const room = await newPlod(live);
    const device = await live.join('Rig 7 phone');
    const phone = keep(connectClient(live.url, room, { params: { token: device.token } }));
    await synced(phone);
    const closes = closeReasons(phone);
    for (let i = 0; i < 25; i++) phone.doc.getMap('notes').set(`n${i}`, i);
    await waitFor(() => closes.length > 0, 'the socket closed');
    expect(closes[0]).toEqual({
      code: CloseCode.QuotaExceeded,
      reason: 'This device sent more than 20 updates to this plod this hour',
    });
    const stored = await live.server.manager.read(room, (doc) => doc.getMap('notes').size);
    expect(stored).toBe(20);
  });

  it('refuses a 7 MiB update replayed again and again once the day’s bytes are used', async () => {
    const live = await startSecureServer({ bytesPerDeviceDay: 16 * MIB });
    server = live;
    const room = await newPlod(live);
    const device = await live.join('Rig 7 phone');
    const source = new Y.Doc();
    source.getMap('notes').set('big', 'x'.repeat(7 * MIB));
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0); // sync
    syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(source));
    const message = encoding.toUint8Array(encoder);

    const socket = new WebSocket(`${live.url}/${room}?token=${device.token}`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    let sent = 0;
    const replay = () => {
      if (socket.readyState !== WebSocket.OPEN || sent >= 10) return;
      sent += 1;
      socket.send(message, replay);
    };
    replay();
    expect(await closed).toEqual({
      code: CloseCode.QuotaExceeded,
      reason: `This device sent more than ${16 * MIB} bytes today`,
    });
    expect(sent).toBeLessThan(10);
    // The first was stored once; the rest changed nothing.
    const big = await live.server.manager.read(room, (doc) => doc.getMap('notes').get('big'));
    expect(typeof big === 'string' ? big.length : 0).toBe(7 * MIB);
  });
});
