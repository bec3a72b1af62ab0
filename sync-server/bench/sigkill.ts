import path from 'node:path';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { trackDurability } from '@plod/model/sync';
import { DATABASE_FILE, SqliteStore } from '../src/store/sqlite-store.ts';
import { reportNames, sleep, startServer } from './processes.ts';

const [ROOM = ''] = reportNames(1);

/**
 * Three stock clients with the durability helper stream updates; the server process is SIGKILLed once
 * each has 1,000 acknowledged; then the database is read back and every acknowledged update is looked for.
 */
export async function sigkillBench(): Promise<void> {
  console.log(
    '\n## SIGKILL: 3 clients streaming, server killed mid-stream, acknowledged updates checked',
  );
  const server = await startServer('plod');
  const writers = ['a', 'b', 'c'].map((name) => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(server.url, ROOM, doc, {
      connect: false,
      disableBc: true,
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    const tracker = trackDurability(provider);
    provider.connect();
    return { name, doc, provider, tracker };
  });
  try {
    const deadline = Date.now() + 20_000;
    while (!writers.every((w) => w.provider.synced) && Date.now() < deadline) await sleep(10);
    let streaming = true;
    const streams = writers.map(async (w) => {
      const map = w.doc.getMap<number>('m');
      for (let i = 1; streaming && i <= 50_000; i++) {
        map.set(`${w.name}:${i}`, i); // local update i <-> local seq i
        if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    while (writers.some((w) => w.tracker.durableSeq < 1_000) && Date.now() < deadline) {
      await sleep(5);
    }
    server.child.kill('SIGKILL');
    const acknowledged = writers.map((w) => w.tracker.durableSeq);
    const sent = writers.map((w) => w.tracker.localSeq);
    streaming = false;
    await Promise.all(streams);
    await server.exited;

    const store = new SqliteStore(path.join(server.dataDir, DATABASE_FILE));
    const stored = await store.load(ROOM);
    await store.close();
    const reloaded = new Y.Doc();
    if (stored?.snapshot) Y.applyUpdate(reloaded, stored.snapshot);
    for (const row of stored?.updates ?? []) Y.applyUpdate(reloaded, row.update);
    const map = reloaded.getMap<number>('m');
    let lost = 0;
    writers.forEach((w, index) => {
      for (let i = 1; i <= (acknowledged[index] ?? 0); i++)
        if (map.get(`${w.name}:${i}`) !== i) lost++;
    });
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    console.table([
      {
        sent: total(sent),
        acknowledged: total(acknowledged),
        unacknowledgedAtKill: total(sent) - total(acknowledged),
        acknowledgedLost: lost,
      },
    ]);
    console.log(`acknowledged updates lost: ${lost} (target 0)`);
  } finally {
    for (const w of writers) {
      w.tracker.destroy();
      w.provider.destroy();
      w.doc.destroy();
    }
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}
