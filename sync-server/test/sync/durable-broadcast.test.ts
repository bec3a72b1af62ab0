import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { GatedStore } from '../gated-store.ts';
import {
  connectClient,
  docFrom,
  mapOf,
  startServer,
  synced,
  tempDir,
  waitFor,
} from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';
import { spawnServer } from '../process.ts';
import type { ServerProcess } from '../process.ts';

const ROOM = 'report:durable';
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('updates reach other clients only once committed', () => {
  let server: TestServer | null = null;
  const processes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await server?.close();
    server = null;
  });

  const client = (durability = false) => {
    if (!server) throw new Error('no server');
    const made = connectClient(server.url, ROOM, { durability });
    clients.push(made);
    return made;
  };

  /** A server on a SQLite store whose commits the test holds, and a durable writer and a reader synced. */
  const writerAndReaderOnAGatedStore = async () => {
    const store = new GatedStore(new SqliteStore(path.join(tempDir(), 'plod.db')));
    server = await startServer({ store });
    const writer = client(true);
    const reader = client();
    await Promise.all([synced(writer), synced(reader)]);
    return { store, writer, reader };
  };

  it('holds an update back from peers and joining clients until the store has committed it', async () => {
    const { store, writer, reader } = await writerAndReaderOnAGatedStore();

    store.hold();
    writer.doc.getMap('m').set('edit', 'not yet durable');
    await waitFor(() => store.waiting > 0, 'the server trying to commit the edit');
    // Presence is never stored: it still goes through at once.
    writer.provider.awareness.setLocalStateField('user', 'writer');
    await waitFor(
      () => reader.provider.awareness.getStates().has(writer.doc.clientID),
      'presence relayed while the commit waits',
    );
    const joining = client();
    await settle();
    expect(mapOf(reader.doc)).toEqual({});
    expect(mapOf(joining.doc)).toEqual({});
    expect(writer.tracker?.pending).toBe(1);

    store.release();
    await waitFor(() => mapOf(reader.doc).edit === 'not yet durable', 'the peer after the commit');
    await waitFor(() => mapOf(joining.doc).edit === 'not yet durable', 'the joining client');
    await waitFor(() => writer.tracker?.pending === 0, 'the writer’s acknowledgement');
  });

  it('keeps a stream of updates in order for peers while commits come late', async () => {
    const { store, writer, reader } = await writerAndReaderOnAGatedStore();
    const list = writer.doc.getArray<number>('list');
    for (let i = 0; i < 200; i += 1) {
      if (i % 50 === 0) store.hold();
      list.push([i]);
      if (i % 50 === 25) store.release();
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    store.release();
    await waitFor(() => reader.doc.getArray('list').length === 200, 'every update relayed');
    expect(reader.doc.getArray('list').toArray()).toEqual(list.toArray());
    await waitFor(() => writer.tracker?.pending === 0, 'all acknowledged');
  });

  it('never shows a peer an edit that a SIGKILL then takes away', async () => {
    const dataDir = tempDir();
    const first = await spawnServer({ PLOD_DATA_DIR: dataDir });
    processes.push(first);
    const writer = connectClient(first.url, ROOM, { durability: true });
    const reader = connectClient(first.url, ROOM);
    clients.push(writer, reader);
    await Promise.all([synced(writer), synced(reader)]);
    // The server is killed the moment the reader shows an edit it has just relayed.
    const seen = new Set<string>();
    let shown: string[] | null = null;
    reader.doc.getMap('m').observe((event) => {
      for (const key of event.keysChanged) seen.add(key);
      if (shown === null && seen.size >= 1000) {
        first.child.kill('SIGKILL');
        shown = [...seen];
      }
    });
    let streaming = true;
    const stream = (async () => {
      const map = writer.doc.getMap<number>('m');
      // A steady stream, a few edits per millisecond, with the test's loop free to read.
      for (let i = 1; streaming && i <= 50_000; i += 1) {
        map.set(`k${i}`, i);
        if (i % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await waitFor(() => shown !== null, 'the reader showing a thousand edits', 20_000);
    streaming = false;
    await stream;
    expect(await first.exited).toBe('SIGKILL');

    const stored = await new SqliteStore(path.join(dataDir, 'plod.db')).load(ROOM);
    const map = docFrom(stored).getMap('m');
    expect((shown ?? []).filter((key) => !map.has(key))).toEqual([]);
  });
});
