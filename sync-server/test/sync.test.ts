import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, mapOf, startServer, synced, waitFor } from './helpers.ts';
import type { TestClient, TestServer } from './helpers.ts';

describe('relay', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const client = (room: string, options: Parameters<typeof connectClient>[2] = {}) => {
    const created = connectClient(server.url, room, options);
    clients.push(created);
    return created;
  };
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
  });

  it('converges two live clients and gives a late third everything', async () => {
    const a = client('report:1');
    const b = client('report:1');
    await Promise.all([synced(a), synced(b)]);
    a.doc.getMap('m').set('from-a', 1);
    b.doc.getMap('m').set('from-b', 2);
    await waitFor(
      () => Object.keys(mapOf(a.doc)).length === 2 && Object.keys(mapOf(b.doc)).length === 2,
    );
    expect(mapOf(a.doc)).toEqual({ 'from-a': 1, 'from-b': 2 });
    expect(mapOf(b.doc)).toEqual(mapOf(a.doc));
    const c = client('report:1');
    await synced(c);
    await waitFor(() => Object.keys(mapOf(c.doc)).length === 2, 'late client has everything');
    expect(mapOf(c.doc)).toEqual(mapOf(a.doc));
  });

  it('keeps two rooms apart', async () => {
    const a = client('report:a');
    const b = client('report:b');
    await Promise.all([synced(a), synced(b)]);
    a.doc.getMap('m').set('only-a', true);
    b.doc.getMap('m').set('only-b', true);
    const a2 = client('report:a');
    await waitFor(() => mapOf(a2.doc)['only-a'] === true, 'second client of room a');
    expect(mapOf(a2.doc)).toEqual({ 'only-a': true });
    expect(mapOf(b.doc)).toEqual({ 'only-b': true });
  });

  it('acknowledges durability: pending returns to 0, and stock clients work beside it', async () => {
    const tracked = client('setup', { durability: true });
    const stock = client('setup');
    await Promise.all([synced(tracked), synced(stock)]);
    for (let i = 0; i < 20; i++) tracked.doc.getMap('m').set(`k${i}`, i);
    expect(tracked.tracker?.pending).toBeGreaterThan(0);
    await waitFor(() => tracked.tracker?.pending === 0, 'pending back to 0');
    expect(tracked.tracker?.durableSeq).toBe(20);
    stock.doc.getMap('m').set('stock', 'ok');
    await waitFor(() => mapOf(tracked.doc).stock === 'ok', 'stock update relayed');
    await waitFor(() => Object.keys(mapOf(stock.doc)).length === 21, 'stock client converged');
    const stored = await server.server.store.load('setup');
    expect(stored?.updates.length).toBeGreaterThan(0);
  });

  it('counts offline edits from an earlier session as pending until the server has them', async () => {
    const tracked = client('holes', { durability: true, initialPending: 3, connect: false });
    tracked.doc.getMap('m').set('offline', 1);
    expect(tracked.tracker?.pending).toBe(4);
    tracked.provider.connect();
    await waitFor(() => tracked.tracker?.pending === 0, 'pending cleared after sync');
  });

  it('relays presence and removes it within a second of the socket closing', async () => {
    const a = client('report:p');
    const b = client('report:p');
    await Promise.all([synced(a), synced(b)]);
    a.provider.awareness.setLocalStateField('user', { name: 'Ana' });
    const aId = a.doc.clientID;
    await waitFor(() => b.provider.awareness.getStates().get(aId)?.user !== undefined, 'presence');
    a.provider.ws?.close();
    a.provider.shouldConnect = false;
    const closedAt = Date.now();
    await waitFor(() => !b.provider.awareness.getStates().has(aId), 'presence removed', 1000);
    expect(Date.now() - closedAt).toBeLessThan(1000);
  });

  it('applies a server-side transaction live and durably before it resolves', async () => {
    const a = client('report:rest');
    await synced(a);
    const stored: string[] = [];
    const unsubscribe = server.server.manager.onStored((docName) => stored.push(docName));
    const result = await server.server.manager.transact('report:rest', (doc) => {
      doc.getMap('m').set('status', 'submitted');
      return 'done';
    });
    expect(result).toBe('done');
    expect(stored).toContain('report:rest');
    const persisted = await server.server.store.load('report:rest');
    expect(persisted?.updates.length).toBe(1);
    await waitFor(() => mapOf(a.doc).status === 'submitted', 'client sees the REST write');
    expect(await server.server.manager.read('report:rest', (doc) => mapOf(doc))).toEqual({
      status: 'submitted',
    });
    unsubscribe();
  });

  it('reports health with open documents and connections', async () => {
    const a = client('report:h');
    await synced(a);
    const response = await fetch(`${server.http}/api/health`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', connections: 1 });
    // report:h, plus whatever the REST layer holds at that moment (the reports index at start).
    expect(body.documents).toBeGreaterThanOrEqual(1);
    expect(server.server.manager.isOpen('report:h')).toBe(true);
    expect(typeof body.uptime).toBe('number');
    expect(typeof body.version).toBe('string');
  });

  it('unloads a document after its last socket leaves, and reloads it intact', async () => {
    const a = client('report:u');
    await synced(a);
    a.doc.getMap('m').set('kept', 'yes');
    await waitFor(
      async () => ((await server.server.store.load('report:u'))?.updates.length ?? 0) > 0,
    );
    a.destroy();
    await waitFor(() => server.server.manager.openDocuments === 0, 'document unloaded');
    const b = client('report:u');
    await waitFor(() => mapOf(b.doc).kept === 'yes', 'reloaded');
  });
});
