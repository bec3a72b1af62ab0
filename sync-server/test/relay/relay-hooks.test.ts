import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import { describe, expect, it } from 'vitest';
import { CloseCode } from '../../src/close-codes.ts';
import { createLogger } from '../../src/logger.ts';
import type { RelayHooks } from '../../src/relay/hooks.ts';
import { Relay } from '../../src/relay/relay.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import {
  closedAfterEach,
  connectClient,
  mapOf,
  synced,
  upgradeStatus,
  waitFor,
} from '../helpers.ts';

/**
 * The relay core alone, on a bare Hono app and an in-memory store: no access policy, no late edits,
 * no projections. Everything it does beyond relaying comes from the extensions a test adds.
 */
interface BareRelay {
  relay: Relay;
  store: MemoryStore;
  url: string;
  close(): Promise<void>;
}

let running: BareRelay | null = null;
const { clients, keepServer } = closedAfterEach<BareRelay>();

async function startRelay(...extensions: RelayHooks[]): Promise<BareRelay> {
  const store = new MemoryStore();
  const relay = new Relay({
    store,
    logger: createLogger('silent'),
    unloadGraceMs: 50,
    maxBufferedBytes: 1 << 24,
    closeTimeoutMs: 500,
    maxPendingUpgrades: 16,
    maxConnections: 64,
  });
  for (const extension of extensions) relay.use(extension);
  const app = new Hono();
  app.route('/sync', relay.routes);
  const wss = new WebSocketServer({ noServer: true });
  let server: ServerType | null = null;
  const port = await new Promise<number>((resolve) => {
    server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: wss } },
      (info: AddressInfo) => resolve(info.port),
    );
  });
  running = keepServer({
    relay,
    store,
    url: `ws://127.0.0.1:${port}/sync`,
    close: async () => {
      relay.registry.closeAll();
      await relay.registry.whenEmpty(1_000);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await relay.manager.close();
      await store.close();
    },
  });
  return running;
}

const client = (url: string, room: string, options: Parameters<typeof connectClient>[2] = {}) => {
  const made = connectClient(url, room, options);
  clients.push(made);
  return made;
};

const everyone: RelayHooks = { name: 'everyone', authorize: () => 'write' };

describe('the relay core and its hooks', () => {
  it('refuses every upgrade when no extension decides, and any extension may refuse or narrow', async () => {
    const { url } = await startRelay(
      { name: 'no opinion', authorize: () => undefined },
      {
        name: 'policy',
        authorize: (_request, docName) => (docName === 'closed' ? 'deny' : { access: 'write' }),
      },
      {
        name: 'narrower',
        authorize: (_request, docName) => (docName === 'shown' ? 'read' : undefined),
      },
    );
    expect(await upgradeStatus(`${url}/closed`)).toBe(403);
    const writer = client(url, 'open');
    const reader = client(url, 'shown');
    const readerWrites = client(url, 'shown');
    await Promise.all([synced(writer), synced(reader), synced(readerWrites)]);
    writer.doc.getMap('m').set('a', 1);
    readerWrites.doc.getMap('m').set('forged', true);
    await waitFor(async () => (await running?.store.load('open')) !== null, 'open is stored');
    // The read-only socket's update never reached its document.
    const shown = await running?.relay.manager.read('shown', (doc) => mapOf(doc));
    expect(shown).toEqual({});

    const none = await startRelay({ name: 'silent', authorize: () => undefined });
    expect(await upgradeStatus(`${none.url}/anything`)).toBe(403);
  });

  it('keeps an update aside when beforeApply holds it, answering the barrier only once it is kept', async () => {
    const kept: Uint8Array[] = [];
    let release: () => void = () => {};
    const { url, relay } = await startRelay(everyone, {
      name: 'hold',
      beforeApply: ({ doc, update }) => {
        if (doc.getMap('m').get('locked') !== true) return 'apply';
        return {
          held: new Promise<void>((resolve) => {
            release = () => {
              kept.push(update);
              resolve();
            };
          }),
        };
      },
    });
    const phone = client(url, 'doc', { durability: true });
    await synced(phone);
    phone.doc.getMap('m').set('locked', true);
    await waitFor(() => phone.tracker?.pending === 0, 'the lock is durable');
    phone.doc.getMap('m').set('late', 'edit');
    await waitFor(() => phone.tracker?.pending === 1, 'the edit is sent');
    // Held, not yet kept: not acknowledged, and not in the document.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(phone.tracker?.pending).toBe(1);
    release();
    await waitFor(() => phone.tracker?.pending === 0, 'acknowledged once kept');
    expect(kept).toHaveLength(1);
    expect(await relay.manager.read('doc', (doc) => mapOf(doc))).toEqual({ locked: true });
  });

  it('closes the socket of an update beforeApply refuses, with its code, and applies nothing', async () => {
    const { url, relay } = await startRelay(everyone, {
      name: 'refuse',
      beforeApply: ({ doc }) =>
        doc.getMap('m').get('full') === true
          ? { refuse: CloseCode.TooManyLateEdits, reason: 'too many' }
          : 'apply',
    });
    const phone = client(url, 'doc');
    await synced(phone);
    const closes: number[] = [];
    phone.provider.on('connection-close', (event) => {
      if (event) closes.push(event.code);
    });
    phone.doc.getMap('m').set('full', true);
    await waitFor(
      async () => (await relay.manager.read('doc', (doc) => mapOf(doc))).full === true,
      'first update applied',
    );
    phone.doc.getMap('m').set('more', 1);
    await waitFor(() => closes.includes(CloseCode.TooManyLateEdits), 'socket closed with the code');
    expect(await relay.manager.read('doc', (doc) => mapOf(doc))).toEqual({ full: true });
  });

  it('calls onLoad as a document is built (its change stored), onStored after each commit, onUnload when idle', async () => {
    const events: string[] = [];
    const stored: number[] = [];
    const { url, store } = await startRelay(everyone, {
      name: 'lifecycle',
      onLoad: (docName, doc) => {
        events.push(`load ${docName}`);
        doc.getMap('m').set('migrated', true);
      },
      onStored: (docName, seq) => {
        if (docName === 'doc') stored.push(seq);
      },
      onUnload: (docName, doc) =>
        events.push(`unload ${docName} ${String(doc.getMap('m').get('x'))}`),
    });
    const phone = client(url, 'doc', { durability: true });
    await synced(phone);
    expect(mapOf(phone.doc).migrated).toBe(true);
    phone.doc.getMap('m').set('x', 1);
    await waitFor(() => phone.tracker?.pending === 0, 'durable');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual([...stored].sort((a, b) => a - b));
    const latest = await store.load('doc');
    expect(stored.at(-1)).toBe(latest?.updates.at(-1)?.seq);
    phone.provider.disconnect();
    await waitFor(() => events.includes('unload doc 1'), 'unloaded when idle');
    expect(events.filter((event) => event === 'load doc')).toHaveLength(1);
  });
});
