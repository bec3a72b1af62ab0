/**
 * Load generator for the ingest ceiling: lean clients on raw sockets speaking the y-websocket update
 * message plus Plod's durability barrier, each on its own document. Updates are encoded before the
 * clock starts so that this process spends its CPU on sending, not on Yjs. A client keeps at most
 * `window` updates unacknowledged (pipelined) and sends a barrier every `barrierEvery` updates.
 */
import * as decoding from 'lib0/decoding';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import {
  DurabilityKind,
  MESSAGE_DURABILITY,
  encodeBarrier,
  readDurabilityBody,
} from '@plod/model/sync';
import { encodeSyncUpdate } from '../src/docs/live-document.ts';
import { serveLoad, sleep } from './processes.ts';

export interface IngestInput {
  url: string;
  docs: string[];
  updatesPerClient: number;
  window: number;
  barrierEvery: number;
  durationMs: number;
}

export interface IngestResult {
  /** Updates acknowledged durable within the window. */
  durable: number;
  elapsedMs: number;
  /** Barrier round trips in ms (send to "durable N"). */
  ackMs: number[];
  exhausted: number;
}

interface Client {
  socket: WebSocket;
  messages: Uint8Array[];
}

async function prepare(input: IngestInput): Promise<Client[]> {
  return Promise.all(
    input.docs.map(async (docName, index) => {
      const doc = new Y.Doc();
      const messages: Uint8Array[] = [];
      doc.on('update', (update: Uint8Array) => messages.push(encodeSyncUpdate(update)));
      const map = doc.getMap<number>('m');
      // A few keys overwritten over and over: the document stays small, like a form being filled in.
      for (let i = 1; i <= input.updatesPerClient; i++) map.set(`k${i % 8}`, i);
      doc.destroy();
      await sleep(index * 2);
      const socket = new WebSocket(`${input.url}/${docName}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return { socket, messages };
    }),
  );
}

async function run(clients: Client[], input: IngestInput): Promise<IngestResult> {
  const start = performance.now();
  const stopAt = start + input.durationMs;
  let durable = 0;
  let exhausted = 0;
  const ackMs: number[] = [];
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          let sent = 0;
          let acked = 0;
          const barrierSentAt = new Map<number, number>();
          let done = false;
          const finish = () => {
            if (!done && sent >= client.messages.length && acked >= sent) exhausted += 1;
            done = true;
            resolve();
          };
          const pump = () => {
            if (done) return;
            const now = performance.now();
            if (now >= stopAt) return finish();
            if (sent >= client.messages.length) {
              if (acked >= sent) finish();
              return;
            }
            while (sent - acked < input.window && sent < client.messages.length) {
              const message = client.messages[sent];
              if (message) client.socket.send(message);
              sent += 1;
              if (sent % input.barrierEvery === 0 || sent === client.messages.length) {
                barrierSentAt.set(sent, now);
                client.socket.send(encodeBarrier(sent));
              }
            }
          };
          client.socket.on('message', (data: Buffer) => {
            const decoder = decoding.createDecoder(new Uint8Array(data));
            if (decoding.readVarUint(decoder) !== MESSAGE_DURABILITY) return;
            const body = readDurabilityBody(decoder);
            if (body.kind !== DurabilityKind.Durable) return;
            const now = performance.now();
            if (now <= stopAt) {
              durable += body.seq - acked;
              const sentAt = barrierSentAt.get(body.seq);
              if (sentAt !== undefined) ackMs.push(now - sentAt);
            }
            barrierSentAt.delete(body.seq);
            acked = body.seq;
            pump();
          });
          pump();
          // Bounded in time whatever the server does.
          setTimeout(finish, input.durationMs + 500);
        }),
    ),
  );
  const elapsedMs = Math.min(performance.now(), stopAt) - start;
  for (const client of clients) client.socket.terminate();
  return { durable, elapsedMs, ackMs, exhausted };
}

serveLoad(prepare, run);
