import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { MESSAGE_SYNC } from '@plod/model/sync';
import { startServer } from './processes.ts';

export interface ColdSocketTimes {
  /** New socket to the server's answer to the client's step 1 (its sync step 2) received. */
  firstAnswer: number[];
  /** New socket to the server's own step 1 received: sent once the Y.Doc is built and joined. */
  ready: number[];
}

function emptyStep1(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, new Y.Doc());
  return encoding.toUint8Array(encoder);
}

/** The sync message kind of a y-websocket message, or -1 if it is not a sync message. */
function syncKind(data: Buffer): number {
  const decoder = decoding.createDecoder(data);
  return decoding.readVarUint(decoder) === MESSAGE_SYNC ? decoding.readVarUint(decoder) : -1;
}

/**
 * Our relay in its own process on the data folder (so the client's clock is not stopped while the
 * server builds the document); each run, a raw socket from this process (a fresh client: it sends
 * a step 1 with the empty state vector as soon as it is open, as y-websocket does) on a document
 * that is not in memory: each run opens its own copy of the stored snapshot, never opened before.
 */
export async function coldSocket(
  dataDir: string,
  names: readonly string[],
): Promise<ColdSocketTimes> {
  const server = await startServer('plod', {
    dataDir,
    env: { PLOD_DEMO: '0' },
  });
  const times: ColdSocketTimes = { firstAnswer: [], ready: [] };
  const step1 = emptyStep1();
  try {
    for (const name of names) {
      const started = performance.now();
      const socket = new WebSocket(`${server.url}/${name}`);
      let answer = Number.NaN;
      let ready = Number.NaN;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('cold socket timed out')), 30_000);
        socket.on('open', () => socket.send(step1));
        socket.on('message', (data: Buffer) => {
          const kind = syncKind(data);
          if (kind === syncProtocol.messageYjsSyncStep2 && Number.isNaN(answer)) {
            answer = performance.now() - started;
          } else if (kind === syncProtocol.messageYjsSyncStep1) {
            ready = performance.now() - started;
          }
          if (!Number.isNaN(answer) && !Number.isNaN(ready)) {
            clearTimeout(timer);
            resolve();
          }
        });
        socket.on('error', reject);
      });
      times.firstAnswer.push(answer);
      times.ready.push(ready);
      socket.close();
    }
  } finally {
    await server.stop();
  }
  return times;
}
