import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, startServer, synced, waitFor } from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';

/**
 * A TCP hop that can lose signal: while held, nothing crosses in either direction and the sockets
 * stay open (as when a phone walks out of coverage); on release what was held is delivered, as TCP
 * would once the phone is back.
 */
async function signalHop(targetPort: number) {
  let held = false;
  const queued: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => {
      if (held) queued.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const hop = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
  const port = (hop.address() as net.AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}/sync`,
    lose: () => {
      held = true;
    },
    regain: () => {
      held = false;
      for (const send of queued.splice(0)) send();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => hop.close(() => resolve()));
    },
  };
}

describe('presence of a socket that goes silent', () => {
  let server: TestServer;
  let hop: Awaited<ReturnType<typeof signalHop>>;
  const clients: TestClient[] = [];

  beforeEach(async () => {
    server = await startServer({
      pingIntervalMs: 50,
      presenceTimeoutMs: 300,
      silentCloseMs: 60_000,
    });
    hop = await signalHop(server.port);
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await hop.close();
    await server.close();
  });

  const named = (client: TestClient, name: string) =>
    client.provider.awareness.setLocalStateField('user', { name });
  const sees = (client: TestClient, other: TestClient) =>
    client.provider.awareness.getStates().get(other.doc.clientID)?.user !== undefined;

  it('is cleared for everyone while the socket stays open, and comes back when it speaks again', async () => {
    const phone = connectClient(hop.url, 'report:signal');
    const crewmate = connectClient(server.url, 'report:signal');
    clients.push(phone, crewmate);
    await Promise.all([synced(phone), synced(crewmate)]);
    named(phone, 'Alex');
    await waitFor(() => sees(crewmate, phone), 'presence relayed');

    // Pongs keep an idle socket's presence: still there after many presence timeouts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sees(crewmate, phone)).toBe(true);

    hop.lose();
    await waitFor(() => !sees(crewmate, phone), 'presence cleared after silence');
    // Cleared, not dropped: the relay still holds the phone's socket.
    expect(server.server.registry.size).toBe(2);

    hop.regain();
    named(phone, 'Alex (back)');
    await waitFor(() => sees(crewmate, phone), 'presence back once the phone speaks');
    expect(crewmate.provider.awareness.getStates().get(phone.doc.clientID)?.user).toEqual({
      name: 'Alex (back)',
    });
  });

  it('drops a socket silent past silentCloseMs', async () => {
    await server.close();
    await hop.close();
    server = await startServer({ pingIntervalMs: 50, presenceTimeoutMs: 100, silentCloseMs: 400 });
    hop = await signalHop(server.port);
    const phone = connectClient(hop.url, 'report:dropped');
    clients.push(phone);
    await synced(phone);
    expect(server.server.registry.size).toBe(1);
    hop.lose();
    await waitFor(() => server.server.registry.size === 0, 'silent socket dropped');
  });
});
