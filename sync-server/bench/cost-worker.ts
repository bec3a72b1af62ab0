/**
 * Load generator for the relay's CPU cost: the latency bench's pattern (each client setting its own
 * key `rate` times a second) from lean clients on raw sockets. Every update is encoded before the
 * clock starts and what the server sends is only counted, so this process stays light and the
 * machine is not saturated by the load itself.
 */
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { MESSAGE_SYNC } from '@plod/model/sync';
import { encodeSyncUpdate } from '../src/docs/live-document.ts';
import { serveLoad, sleep } from './processes.ts';

export interface CostInput {
  url: string;
  docs: string[];
  clientsPerDoc: number;
  ratePerSecond: number;
  /** Warm-up and measured window together. */
  totalMs: number;
}

export interface CostResult {
  sent: number;
  received: number;
}

interface Client {
  socket: WebSocket;
  messages: Uint8Array[];
  received: number;
}

function emptyStep1(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, new Y.Doc());
  return encoding.toUint8Array(encoder);
}

async function prepare(input: CostInput): Promise<Client[]> {
  const count = Math.ceil((input.totalMs / 1000) * input.ratePerSecond) + 10;
  const step1 = emptyStep1();
  const clients: Client[] = [];
  for (const docName of input.docs) {
    for (let c = 0; c < input.clientsPerDoc; c++) {
      const doc = new Y.Doc();
      const messages: Uint8Array[] = [];
      doc.on('update', (update: Uint8Array) => messages.push(encodeSyncUpdate(update)));
      const map = doc.getMap<number>('m');
      for (let i = 0; i < count; i++) map.set(`c${c}`, i + 0.5);
      doc.destroy();
      const socket = new WebSocket(`${input.url}/${docName}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const client: Client = { socket, messages, received: 0 };
      socket.on('message', () => {
        client.received += 1;
      });
      socket.send(step1);
      clients.push(client);
    }
    // Opening a few hundred sockets at once would only measure the upgrade queue.
    await sleep(5);
  }
  return clients;
}

async function run(clients: Client[], input: CostInput): Promise<CostResult> {
  const intervalMs = 1000 / input.ratePerSecond;
  const stopAt = performance.now() + input.totalMs;
  const timers: NodeJS.Timeout[] = [];
  let sent = 0;
  for (const client of clients) {
    let next = 0;
    // Spread the clients' ticks over the interval instead of firing them all together.
    timers.push(
      setTimeout(() => {
        const timer = setInterval(() => {
          const message = client.messages[next];
          if (performance.now() >= stopAt || !message) return clearInterval(timer);
          client.socket.send(message);
          next += 1;
          sent += 1;
        }, intervalMs);
        timers.push(timer);
      }, Math.random() * intervalMs),
    );
  }
  await sleep(input.totalMs + 500);
  for (const timer of timers) clearInterval(timer);
  const received = clients.reduce((sum, client) => sum + client.received, 0);
  for (const client of clients) client.socket.terminate();
  return { sent, received };
}

serveLoad(prepare, run);
