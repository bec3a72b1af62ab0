import { WebSocket } from 'ws';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { MESSAGE_SYNC } from '@plod/model/sync';
import { reportNames, round, sleep, startServer } from './processes.ts';
import type { BenchServer, ServerKind } from './processes.ts';

/** A client's sync step 1 for an empty document, as a stock client sends on connect. */
function emptyStep1(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, new Y.Doc());
  return encoding.toUint8Array(encoder);
}

async function openSockets(server: BenchServer, names: string[]): Promise<WebSocket[]> {
  const step1 = emptyStep1();
  const sockets: WebSocket[] = [];
  // In batches: the point is idle sockets, not the upgrade limit (PLOD_MAX_PENDING_UPGRADES).
  for (let i = 0; i < names.length; i += 100) {
    const batch = names.slice(i, i + 100).map(
      (name) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${server.url}/${name}`);
          socket.once('open', () => {
            socket.send(step1);
            resolve(socket);
          });
          socket.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** The lowest of a few readings over `ms`: lets allocation from the burst of upgrades settle. */
async function settledRss(server: BenchServer, ms = 3_000): Promise<number> {
  let lowest = Infinity;
  for (let waited = 0; waited < ms; waited += 250) {
    await sleep(250);
    lowest = Math.min(lowest, server.rssKb());
  }
  return lowest;
}

/**
 * RSS per idle socket: the delta over a second batch of `connections` sockets, once a first batch
 * is open. The first batch also pays for one-off growth (V8 enlarging its young generation and
 * heap for the burst of upgrades), which depends on how much room the process happened to have
 * (ours under tsx, with a heap grown by compiling the sources, showed 15 KB a socket; the bundle,
 * starting smaller, 24 KB); it is printed too.
 */
async function measureIdle(kind: ServerKind, connections: number, docs: number) {
  const server = await startServer(kind);
  const sockets: WebSocket[] = [];
  try {
    const names = reportNames(docs);
    // Warm up (JIT, lazily allocated pools), then load every document with one socket each, so
    // the deltas below are the sockets' cost, not the documents'.
    for (const socket of await openSockets(server, names.slice(0, 50))) socket.terminate();
    sockets.push(...(await openSockets(server, names)));
    const loaded = await settledRss(server);
    const more = Array.from({ length: connections }, (_, i) => names[i % docs] ?? 'x');
    sockets.push(...(await openSockets(server, more)));
    const before = await settledRss(server);
    sockets.push(...(await openSockets(server, more)));
    const after = await settledRss(server);
    return {
      kind,
      connections,
      rssLoadedMb: round(loaded / 1024, 1),
      rssBeforeMb: round(before / 1024, 1),
      rssAfterMb: round(after / 1024, 1),
      firstBatchKb: round((before - loaded) / connections, 1),
      perConnectionKb: round((after - before) / connections, 1),
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}

export async function idleBench(connections: number): Promise<void> {
  console.log(
    `\n## RSS per idle connection: ${connections} synced, silent sockets on 100 loaded documents, ` +
      `then ${connections} more: the second batch's RSS delta / ${connections}`,
  );
  const rows = [
    await measureIdle('plod', connections, 100),
    await measureIdle('reference', connections, 100),
  ];
  console.table(rows);
  console.log('target: < 50 KB per idle connection (plod)');
}
