import crypto from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, connectClient, mapOf, startServer, synced, waitFor } from './helpers.ts';
import type { TestServer } from './helpers.ts';

/** A WebSocket client that completes the handshake and then never reads. */
async function stalledSocket(port: number, room: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const key = crypto.randomBytes(16).toString('base64');
  socket.write(
    `GET /sync/${room} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  return socket;
}

describe('slow consumer', () => {
  let server: TestServer | null = null;
  const { clients, keepServer } = closedAfterEach();

  it('drops a socket that stops reading, without affecting the others', async () => {
    server = keepServer(await startServer({ maxBufferedBytes: 256 * 1024, closeTimeoutMs: 200 }));
    const healthy = connectClient(server.url, 'report:s');
    clients.push(healthy);
    await synced(healthy);
    const stalled = await stalledSocket(server.port, 'report:s');
    await waitFor(() => server?.server.registry.size === 2, 'both connected');
    const chunk = 'x'.repeat(512 * 1024);
    for (let i = 0; i < 60 && server.server.registry.size === 2; i++) {
      await server.server.manager.transact('report:s', (doc) =>
        doc.getMap('m').set(`c${i}`, chunk),
      );
    }
    await waitFor(() => server?.server.registry.size === 1, 'stalled socket dropped');
    await server.server.manager.transact('report:s', (doc) => doc.getMap('m').set('end', 'ok'));
    await waitFor(() => mapOf(healthy.doc).end === 'ok', 'healthy client still served', 15_000);
    expect(healthy.provider.wsconnected).toBe(true);
    stalled.destroy();
  });
});
