import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyStored } from '../src/docs/stored-document.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { DATABASE_FILE } from '../src/store/sqlite-store.ts';
import type { StoredDocument } from '../src/store/document-store.ts';
import { closedAfterEach, connectClient, startServer, tempDir, waitFor } from './helpers.ts';
import type { TestClient, TestServer } from './helpers.ts';

function stateOf(stored: StoredDocument | null): unknown {
  const doc = new Y.Doc();
  applyStored(doc, stored);
  return doc.getMap('m').toJSON();
}

/** `count` updates of one Y.Doc, each setting its own key, as a device would send them. */
function deviceUpdates(count: number): { updates: Uint8Array[]; state: unknown } {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < count; i++) doc.getMap('m').set(`k${i}`, i);
  return { updates, state: doc.getMap('m').toJSON() };
}

/** Reclaim passes run when a test calls them, not on the server's timer. */
const byHandOnly = { reclaimIntervalMs: 3_600_000 };

/** Rows in the journal of the server's SQLite file, read on a connection of the test's own. */
function journalRows(server: TestServer): number {
  const db = new Database(path.join(server.dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare<[], number>('SELECT count(*) FROM yjs_journal').pluck().get() ?? 0;
  } finally {
    db.close();
  }
}

describe('reclaiming the update journal', () => {
  const { clients, servers } = closedAfterEach();

  async function edit(server: TestServer, room: string, edits: number): Promise<TestClient> {
    const client = connectClient(server.url, room, { durability: true });
    clients.push(client);
    await waitFor(() => client.provider.synced);
    for (let i = 0; i < edits; i++) client.doc.getMap('m').set(`k${i}`, i);
    await waitFor(() => client.tracker?.pending === 0, `${room} acknowledged`);
    return client;
  }

  it('compacts an open document edited once, long ago, so the journal before it is cut', async () => {
    const server = await startServer({
      compactAfterUpdates: 10_000,
      reclaimAfterUpdates: 100,
      ...byHandOnly,
    });
    servers.push(server);
    const store = server.server.store;
    const quiet = await edit(server, 'report:quiet', 1);
    await edit(server, 'report:busy', 60);
    // Not yet far enough behind: nothing to do.
    expect(await server.server.manager.reclaim()).toBe(0);
    await edit(server, 'report:busier', 60);
    expect((await store.oldestUncompacted(1))[0]?.docName).toBe('report:quiet');
    const rowsBefore = journalRows(server);

    // quiet (121 behind) and busy (120) are compacted, busier (60) is not.
    expect(await server.server.manager.reclaim()).toBe(2);
    expect((await store.oldestUncompacted(10)).map((doc) => doc.docName)).toEqual([
      'report:busier',
    ]);
    expect(journalRows(server)).toBe(60);
    expect(rowsBefore).toBe(121);
    const stored = await store.load('report:quiet');
    expect(stored?.updates).toEqual([]);
    expect(stateOf(stored)).toEqual(quiet.doc.getMap('m').toJSON());
    // Still open and in sync: a later edit lands after the snapshot.
    quiet.doc.getMap('m').set('later', true);
    await waitFor(() => quiet.tracker?.pending === 0);
    expect(stateOf(await store.load('report:quiet'))).toEqual(quiet.doc.getMap('m').toJSON());
  });

  it('folds what a crash left uncompacted in the store, without opening the documents', async () => {
    const dataDir = tempDir();
    const left = deviceUpdates(5);
    const newer = deviceUpdates(3);
    const before = new SqliteStore(path.join(dataDir, DATABASE_FILE));
    await before.append(left.updates.map((update) => ({ docName: 'left', update })));
    await before.append(newer.updates.map((update) => ({ docName: 'newer', update })));
    await before.close();

    const server = await startServer({ dataDir, reclaimAfterUpdates: 3, ...byHandOnly });
    servers.push(server);
    const store = server.server.store;
    expect(await server.server.manager.reclaim()).toBe(1);
    expect(server.server.manager.isOpen('left')).toBe(false);
    const folded = await store.load('left');
    expect(folded?.snapshot).not.toBeNull();
    expect(folded?.updates).toEqual([]);
    expect(stateOf(folded)).toEqual(left.state);
    expect((await store.load('newer'))?.updates).toHaveLength(3);
    expect(journalRows(server)).toBe(3);
  });

  it('leaves stored rows that wait for an update the store lacks as they are', async () => {
    const device = deviceUpdates(2);
    const store = new MemoryStore();
    // The second update alone: its struct follows one the store never got.
    await store.append([{ docName: 'gap', update: device.updates[1] ?? new Uint8Array() }]);
    await store.append([{ docName: 'other', update: device.updates[0] ?? new Uint8Array() }]);
    const server = await startServer({ store, reclaimAfterUpdates: 1, ...byHandOnly });
    servers.push(server);
    expect(await server.server.manager.reclaim()).toBe(0);
    const stored = await store.load('gap');
    expect(stored?.snapshot).toBeNull();
    expect(stored?.updates).toHaveLength(1);
  });
});
