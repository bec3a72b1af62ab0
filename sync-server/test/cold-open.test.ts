import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import {
  closedAfterEach,
  connectClient,
  mapOf,
  startServer,
  synced,
  tempDir,
  waitFor,
} from './helpers.ts';

/** A data folder holding `report:cold` as a compacted snapshot only (as after an unload). */
async function coldFolder(
  entries: number,
): Promise<{ dataDir: string; expected: Record<string, number> }> {
  const dataDir = tempDir();
  const doc = new Y.Doc();
  const expected: Record<string, number> = {};
  for (let i = 0; i < entries; i++) {
    doc.getMap('m').set(`stored-${i}`, i);
    expected[`stored-${i}`] = i;
  }
  const store = new SqliteStore(path.join(dataDir, 'plod.db'));
  await store.compact('report:cold', Y.encodeStateAsUpdate(doc), 0);
  await store.close();
  return { dataDir, expected };
}

describe('opening a cold document (answered from the stored snapshot, built after)', () => {
  const { clients, servers } = closedAfterEach();

  it('gives a fresh client the stored state and keeps everything clients send meanwhile, in order', async () => {
    const { dataDir, expected } = await coldFolder(200);
    const server = await startServer({ dataDir });
    servers.push(server);
    // Several clients at once; each writes before it has synced, so its updates reach the server
    // while the document may still be building.
    const writers = Array.from({ length: 4 }, (_, i) => {
      const c = connectClient(server.url, 'report:cold', { durability: true });
      clients.push(c);
      for (let k = 0; k < 5; k++) c.doc.getMap('m').set(`w${i}`, k);
      return c;
    });
    const want = { ...expected, w0: 4, w1: 4, w2: 4, w3: 4 };
    for (const c of writers) await synced(c);
    for (const c of writers) {
      await waitFor(
        () => Object.keys(mapOf(c.doc)).length === Object.keys(want).length,
        `converged: ${JSON.stringify(Object.keys(mapOf(c.doc)).filter((k) => k.startsWith('w')))}`,
      );
      expect(mapOf(c.doc)).toEqual(want);
    }
    for (const c of writers) await waitFor(() => c.tracker?.pending === 0, 'durable');
    const reloaded = await server.stored('report:cold');
    expect(mapOf(reloaded)).toEqual(want);
  });

  it('gives a client that joins just after the build what others wrote before it joined', async () => {
    const { dataDir, expected } = await coldFolder(50);
    const server = await startServer({ dataDir });
    servers.push(server);
    const early = connectClient(server.url, 'report:cold');
    clients.push(early);
    const late = connectClient(server.url, 'report:cold');
    clients.push(late);
    early.doc.getMap('m').set('from-early', 1);
    await Promise.all([synced(early), synced(late)]);
    await waitFor(() => mapOf(late.doc)['from-early'] === 1, 'late client has the early write');
    expect(mapOf(late.doc)).toEqual({ ...expected, 'from-early': 1 });
  });
});
