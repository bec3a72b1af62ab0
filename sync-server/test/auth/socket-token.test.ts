import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { syncSubprotocols } from '@plod/model/sync';
import {
  closedAfterEach,
  connectClient,
  mapOf,
  synced,
  upgradeStatus,
  upgradeWith,
  waitFor,
} from '../helpers.ts';
import { startSecureServer } from './helpers.ts';
import type { SecureServer } from './helpers.ts';

describe('the device token on /sync', () => {
  const { clients, keepServer } = closedAfterEach<SecureServer>();

  it('travels as a subprotocol, never in the URL; the server chooses plod and never echoes it', async () => {
    const server = keepServer(await startSecureServer());
    const device = await server.join('Rig phone');
    const boss = await server.signIn();
    const created = await server.call(boss, 'POST', '/api/shift-summaries', { date: '2025-09-01' });
    const room = `report:${(created.body as { id: string }).id}`;

    const offered = await upgradeWith(`${server.url}/${room}`, {
      protocols: syncSubprotocols(device.token),
    });
    expect(offered).toEqual({ status: 101, protocol: 'plod' });
    const wrong = await upgradeWith(`${server.url}/${room}`, {
      protocols: syncSubprotocols('not-a-token'),
    });
    expect(wrong.status).toBe(401);

    // The stock client, as the app makes it: the token in `protocols`, nothing in the URL.
    const phone = connectClient(server.url, room, {
      durability: true,
      protocols: syncSubprotocols(device.token),
    });
    clients.push(phone);
    await synced(phone);
    expect(phone.provider.url).not.toContain(device.token);
    expect(phone.provider.ws?.protocol).toBe('plod');
    phone.doc.getMap('m').set('written', 'by the phone');
    await waitFor(() => phone.tracker?.pending === 0, 'the write acknowledged');
    const reader = connectClient(server.url, room, { headers: server.socketHeaders(boss) });
    clients.push(reader);
    await waitFor(() => mapOf(reader.doc).written === 'by the phone', 'the write on the server');
    // Older app versions that put the token in the URL still connect.
    expect(await upgradeStatus(`${server.url}/${room}?token=${device.token}`)).toBe(101);
  });
});

describe('socket log lines', () => {
  const { keepServer } = closedAfterEach<SecureServer>();

  it('name the client address and the device when a socket sends a bad frame', async () => {
    const lines: Record<string, unknown>[] = [];
    const record = (level: string) => (msg: string, fields?: object) =>
      lines.push({ level, msg, ...fields });
    const server = keepServer(
      await startSecureServer({
        logger: {
          debug: record('debug'),
          info: record('info'),
          warn: record('warn'),
          error: record('error'),
        },
      }),
    );
    const device = await server.join('Bad radio phone');
    const socket = new WebSocket(`${server.url}/holes`, syncSubprotocols(device.token));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(new Uint8Array([0x55, 0xff, 0xff, 0xff, 0xff, 0xff]));
    expect(await closed).toBe(4400);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'bad frame',
        doc: 'holes',
        address: '127.0.0.1',
        device: device.deviceId,
        deviceName: 'Bad radio phone',
      }),
    );
  });
});
