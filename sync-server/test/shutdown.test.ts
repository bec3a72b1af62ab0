import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CloseCode } from '../src/close-codes.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';
import { serverWithOneEdit, spawnServer } from './process.ts';
import type { ServerProcess } from './process.ts';

/** A raw TCP connection to the server, from `localAddress`; records what it got and when it closed. */
function tcp(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  let isClosed = false;
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    opened,
    closed,
    get isClosed() {
      return isClosed;
    },
    get received() {
      return received;
    },
  };
}

/** Resolves with the exit code, or 'still running' if the process has not exited within `ms`. */
function exitWithin(server: ServerProcess, ms: number): Promise<number | string> {
  return Promise.race([
    server.exited,
    new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ]);
}

function get(port: number, pathname: string, agent: http.Agent, localAddress?: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: pathname, agent, localAddress },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
  });
}

describe('connections that never finish', () => {
  const processes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const sockets: net.Socket[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.destroy();
    for (const s of sockets.splice(0)) s.destroy();
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  it('on SIGTERM closes silent, half-sent and idle connections and exits within 10 s', async () => {
    const { server, dataDir, codes } = await serverWithOneEdit('report:term', {
      processes,
      clients,
    });

    const silent = tcp(server.port);
    const halfSent = tcp(server.port);
    sockets.push(silent.socket, halfSent.socket);
    await Promise.all([silent.opened, halfSent.opened]);
    halfSent.socket.write('POST /api/sites HTTP/1.1\r\nHost: plod\r\nContent-Length: 100\r\n');
    const keepAlive = new http.Agent({ keepAlive: true });
    expect(await get(server.port, '/api/health', keepAlive)).toBe(200);

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 12_000)).toBe(0);
    expect(codes).toContain(CloseCode.ServiceRestart);
    expect(silent.isClosed && halfSent.isClosed).toBe(true);
    keepAlive.destroy();
    const store = new SqliteStore(path.join(dataDir, 'plod.db'));
    expect(await store.listDocuments()).toContain('report:term');
    await store.close();
  });

  it('closes a connection that sends nothing, or only part of a request, after the header timeout', async () => {
    const server = await spawnServer({ PLOD_HEADERS_TIMEOUT_MS: '1000' });
    processes.push(server);
    const silent = tcp(server.port);
    const halfSent = tcp(server.port);
    sockets.push(silent.socket, halfSent.socket);
    await Promise.all([silent.opened, halfSent.opened]);
    halfSent.socket.write('GET /api/health HTTP/1.1\r\nHost: plod\r\n');
    await waitFor(() => silent.isClosed && halfSent.isClosed, 'both closed by the server', 8_000);
    expect(halfSent.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('caps the connections one address may hold open; other addresses are still served', async () => {
    const server = await spawnServer({ PLOD_MAX_CONNECTIONS_PER_ADDRESS: '4' });
    processes.push(server);
    const held = Array.from({ length: 4 }, () => tcp(server.port));
    sockets.push(...held.map((connection) => connection.socket));
    await Promise.all(held.map((connection) => connection.opened));
    const fifth = tcp(server.port);
    sockets.push(fifth.socket);
    await fifth.closed;
    expect(fifth.received).toBe('');
    expect(held.some((connection) => connection.isClosed)).toBe(false);
    const agent = new http.Agent();
    expect(await get(server.port, '/api/health', agent, '127.0.0.2')).toBe(200);
    // One of the four leaves: a new connection from the first address is served again.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await waitFor(async () => {
      try {
        return (await get(server.port, '/api/health', agent)) === 200;
      } catch {
        return false;
      }
    }, 'a place freed');
  });
});
