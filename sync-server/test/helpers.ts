import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as encoding from 'lib0/encoding';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { MESSAGE_SYNC, trackDurability } from '@plod/model/sync';
import type { DurabilityTracker } from '@plod/model/sync';
import { createServer } from '../src/server.ts';
import type { PlodServer, RunningServer, ServerOptions } from '../src/server.ts';
import type { StoredDocument } from '../src/store/document-store.ts';

export function tempDir(prefix = 'plod-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestServer {
  server: PlodServer;
  running: RunningServer;
  port: number;
  dataDir: string;
  /** ws://127.0.0.1:port/sync */
  url: string;
  http: string;
  /** `room`'s document as the server's store holds it now. */
  stored(room: string): Promise<Y.Doc>;
  close(): Promise<void>;
}

/**
 * Starts a real server on port 0 (or `port`) on 127.0.0.1 with a temporary SQLite data folder. Tests
 * of the relay's own behaviour run it under the development flag (no credentials needed); access
 * control tests pass `insecureAllowAll: false`.
 */
/**
 * scrypt at 1/32 of the production cost (N 2^10 for 2^15): servers in tests hash a first
 * supervisor and check every sign-in. The production cost is checked in test/auth/password-cost.test.ts.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

export async function startServer(
  options: ServerOptions & { port?: number } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const server = createServer({
    logLevel: 'silent',
    unloadGraceMs: 200,
    insecureAllowAll: true,
    passwordCost: TEST_PASSWORD_COST,
    ...options,
    dataDir,
  });
  const running = await server.start(options.port ?? 0, '127.0.0.1');
  return {
    server,
    running,
    port: running.port,
    dataDir,
    url: `ws://127.0.0.1:${running.port}/sync`,
    http: `http://127.0.0.1:${running.port}`,
    stored: async (room) => docFrom(await server.store.load(room)),
    close: () => running.close(),
  };
}

export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  tracker: DurabilityTracker | null;
  destroy(): void;
}

/** A stock y-websocket client over `ws`, optionally with Plod's durability helper. */
export function connectClient(
  url: string,
  room: string,
  options: {
    durability?: boolean;
    doc?: Y.Doc;
    connect?: boolean;
    initialPending?: number;
    params?: Record<string, string>;
    /** WebSocket subprotocols to offer (the device token, as the app sends it). */
    protocols?: string[];
    /** Upgrade request headers (a session cookie and its Origin); browsers cannot set others. */
    headers?: Record<string, string>;
  } = {},
): TestClient {
  const doc = options.doc ?? new Y.Doc();
  const headers = options.headers;
  const Socket = headers
    ? class extends WebSocket {
        constructor(address: string | URL, protocols?: string | string[]) {
          super(address, protocols, { headers });
        }
      }
    : WebSocket;
  const provider = new WebsocketProvider(url, room, doc, {
    connect: false,
    disableBc: true,
    params: options.params ?? {},
    protocols: options.protocols ?? [],
    maxBackoffTime: 300,
    WebSocketPolyfill: Socket as unknown as typeof globalThis.WebSocket,
  });
  const tracker = options.durability
    ? trackDurability(provider, { initialPending: options.initialPending })
    : null;
  if (options.connect !== false) provider.connect();
  return {
    doc,
    provider,
    tracker,
    destroy: () => {
      tracker?.destroy();
      provider.destroy();
      doc.destroy();
    },
  };
}

/** A server (or anything else a test starts) that a test closes when it is done with it. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * What the tests of the enclosing block open, released after each test: the clients pushed to
 * `clients` are destroyed, then the servers pushed to `servers` (or passed through `keepServer`) are
 * closed, one after another, and last `afterwards` runs (what the servers stood on).
 */
export function closedAfterEach<S extends Closable = TestServer>(
  afterwards?: () => Promise<void>,
): {
  clients: TestClient[];
  servers: S[];
  keepServer<T extends S>(server: T): T;
} {
  const clients: TestClient[] = [];
  const servers: S[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    for (const server of servers.splice(0)) await server.close();
    await afterwards?.();
  });
  return { clients, servers, keepServer: (server) => (servers.push(server), server) };
}

/**
 * Starts what `start` makes before the tests of the file (or of the enclosing block), or before
 * each test with `per: 'test'`, hands it to `use`, and closes it after them.
 */
export function startedAround<T extends Closable>(
  start: () => Promise<T>,
  use: (started: T) => void,
  per: 'file' | 'test' = 'file',
): void {
  let started: T | undefined;
  (per === 'file' ? beforeAll : beforeEach)(async () => {
    started = await start();
    use(started);
  });
  (per === 'file' ? afterAll : afterEach)(async () => {
    await started?.close();
  });
}

/** Polls `condition` until it holds; fails with `message` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  message = 'condition',
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const synced = (client: TestClient) =>
  waitFor(() => client.provider.synced, 'client synced');

/** The JSON of a map, for comparing documents. */
export const mapOf = (doc: Y.Doc, name = 'm') => doc.getMap(name).toJSON();

/** A document holding what a store holds of one: its snapshot, then its log. */
export function docFrom(stored: StoredDocument | null): Y.Doc {
  const doc = new Y.Doc();
  if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const row of stored?.updates ?? []) Y.applyUpdate(doc, row.update);
  return doc;
}

/** A y-websocket sync "update" message carrying `update`, as a raw socket sends it. */
export function syncUpdateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A raw `ws` socket on a document; resolves once open and records how it closed. */
export async function rawSocket(
  url: string,
  room: string,
): Promise<{ socket: WebSocket; closed: Promise<number>; messages: Uint8Array[] }> {
  const socket = new WebSocket(`${url}/${room}`);
  const messages: Uint8Array[] = [];
  socket.on('message', (data: Buffer) => messages.push(new Uint8Array(data)));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`HTTP ${res.statusCode ?? 0}`)),
    );
  });
  return { socket, closed, messages };
}

/**
 * An upgrade attempt with `headers`, offering the subprotocols `protocols`: the HTTP status (101 when
 * it is accepted) and the subprotocol the server chose.
 */
export function upgradeWith(
  url: string,
  { headers, protocols }: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<{ status: number; protocol: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('open', () => {
      resolve({ status: 101, protocol: socket.protocol });
      socket.close();
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, protocol: '' });
      res.resume();
      socket.terminate();
    });
    socket.once('error', (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

/** The HTTP status an upgrade attempt gets, or 101 when it is accepted. */
export async function upgradeStatus(
  url: string,
  headers?: Record<string, string>,
): Promise<number> {
  return (await upgradeWith(url, { headers })).status;
}
