import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MemoryStore } from '../src/store/memory-store.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import type { StoredDocument } from '../src/store/document-store.ts';
import {
  closedAfterEach,
  connectClient,
  mapOf,
  startServer,
  tempDir,
  upgradeStatus,
  waitFor,
} from './helpers.ts';
import type { TestClient, TestServer } from './helpers.ts';

const run = promisify(execFile);
const packageDir = path.resolve(import.meta.dirname, '..');

class FailingLoadStore extends MemoryStore {
  failing = true;
  override async load(docName: string): Promise<StoredDocument | null> {
    if (this.failing) throw new Error('disk on fire');
    return super.load(docName);
  }
}

function sameState(a: Y.Doc, b: Y.Doc): boolean {
  const left = Y.encodeStateVector(a);
  const right = Y.encodeStateVector(b);
  return (
    Buffer.from(left).equals(Buffer.from(right)) &&
    JSON.stringify(a.getMap('m').toJSON()) === JSON.stringify(b.getMap('m').toJSON()) &&
    JSON.stringify(a.getArray('a').toJSON()) === JSON.stringify(b.getArray('a').toJSON())
  );
}

async function writeDocument(server: TestServer, room: string, edits: number): Promise<TestClient> {
  const client = connectClient(server.url, room, { durability: true });
  await waitFor(() => client.provider.synced);
  for (let i = 0; i < edits; i++) {
    client.doc.transact(() => {
      client.doc.getMap('m').set(`k${i % 40}`, i);
      client.doc.getArray('a').push([i]);
      if (i % 3 === 0) client.doc.getArray('a').delete(0, 1);
    });
  }
  await waitFor(() => client.tracker?.pending === 0, `${room} acknowledged`);
  return client;
}

describe('storage', () => {
  const { clients, servers } = closedAfterEach();

  it('compacts the log into a snapshot in the background and keeps the state identical', async () => {
    const server = await startServer({ compactAfterUpdates: 50 });
    servers.push(server);
    const client = await writeDocument(server, 'report:c', 400);
    clients.push(client);
    await waitFor(async () => {
      const stored = await server.server.store.load('report:c');
      return stored?.snapshot !== null && (stored?.updates.length ?? 0) < 50;
    }, 'compaction');
    expect(sameState(await server.stored('report:c'), client.doc)).toBe(true);
    client.doc.getMap('m').set('after-compaction', true);
    await waitFor(() => client.tracker?.pending === 0);
    const reloaded = await server.stored('report:c');
    expect(sameState(reloaded, client.doc)).toBe(true);
  });

  it('refuses the connection to a document with a corrupt row and leaves it untouched', async () => {
    const dataDir = tempDir();
    const setup = new SqliteStore(path.join(dataDir, 'plod.db'));
    const good = new Y.Doc();
    good.getMap('m').set('metres', 42);
    const update = Y.encodeStateAsUpdate(good);
    await setup.append([{ docName: 'report:bad', update }]);
    await setup.append([{ docName: 'report:bad', update: update.slice(0, update.length - 3) }]);
    const before = await setup.load('report:bad');
    await setup.close();

    const server = await startServer({ dataDir });
    servers.push(server);
    expect(await upgradeStatus(`${server.url}/report:bad`)).toBe(500);
    expect(await upgradeStatus(`${server.url}/report:bad`)).toBe(500);
    // Only this document: the REST layer may hold its own (the reports index) at start.
    expect(server.server.manager.isOpen('report:bad')).toBe(false);
    const client = connectClient(server.url, 'report:bad');
    clients.push(client);
    client.doc.getMap('m').set('would-overwrite', true);
    expect(await upgradeStatus(`${server.url}/report:fine`)).toBe(101);
    expect(await server.server.store.load('report:bad')).toEqual(before);
    await expect(server.server.manager.read('report:bad', () => 1)).rejects.toThrow(
      /failed to load/,
    );
  });

  it('refuses the connection when the store throws on load, and writes nothing', async () => {
    const store = new FailingLoadStore();
    await store.append([{ docName: 'report:t', update: Y.encodeStateAsUpdate(new Y.Doc()) }]);
    store.failing = false;
    const before = await store.load('report:t');
    store.failing = true;
    const server = await startServer({ store });
    servers.push(server);
    expect(await upgradeStatus(`${server.url}/report:t`)).toBe(500);
    store.failing = false;
    expect(await store.load('report:t')).toEqual(before);
    expect(await upgradeStatus(`${server.url}/report:t`)).toBe(101);
  });

  it('restores an online backup into a fresh data folder with the same documents', async () => {
    const server = await startServer();
    servers.push(server);
    const names = ['report:1', 'report:2', 'setup', 'holes'];
    for (const [index, name] of names.entries())
      clients.push(await writeDocument(server, name, 30 + index));
    const backupFile = path.join(tempDir(), 'backup.db');
    await run(process.execPath, ['--import', 'tsx', 'src/backup.ts', backupFile], {
      cwd: packageDir,
      env: { ...process.env, PLOD_DATA_DIR: server.dataDir, INIT_CWD: packageDir },
    });

    const restoredDir = tempDir();
    fs.copyFileSync(backupFile, path.join(restoredDir, 'plod.db'));
    const restored = await startServer({ dataDir: restoredDir });
    servers.push(restored);
    expect(await restored.server.store.listDocuments()).toEqual([...names].sort());
    for (const [index, name] of names.entries()) {
      const original = clients[index];
      const reader = connectClient(restored.url, name);
      clients.push(reader);
      await waitFor(() => original !== undefined && sameState(reader.doc, original.doc), name);
      expect(mapOf(reader.doc)).toEqual(original && mapOf(original.doc));
    }
  });
});
