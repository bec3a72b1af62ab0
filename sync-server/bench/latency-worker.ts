/**
 * Load generator for broadcast latency: stock y-websocket clients, every client of a document in this
 * process (so one clock), each setting its own key to performance.now() `rate` times a second. A
 * receiver's latency is now - that value when the remote change lands in its document.
 */
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { serveLoad, sleep } from './processes.ts';

// Each provider adds a process 'exit' listener; hundreds of them are expected here.
process.setMaxListeners(0);

export interface LatencyInput {
  url: string;
  docs: string[];
  clientsPerDoc: number;
  ratePerSecond: number;
  warmupMs: number;
  durationMs: number;
}

export interface LatencyResult {
  /** Latencies in ms, measured after the warm-up. */
  samples: number[];
  sent: number;
  /** Remote changes expected by receivers during the measured window (sent x (clients - 1)). */
  expected: number;
}

interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  key: string;
}

async function prepare(input: LatencyInput): Promise<Client[]> {
  const clients: Client[] = [];
  for (const docName of input.docs) {
    for (let c = 0; c < input.clientsPerDoc; c++) {
      const doc = new Y.Doc();
      const provider = new WebsocketProvider(input.url, docName, doc, {
        disableBc: true,
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      });
      clients.push({ doc, provider, key: `c${c}` });
    }
    // Opening a few hundred sockets at once would only measure the upgrade queue.
    await sleep(5);
  }
  const deadline = Date.now() + 30_000;
  while (!clients.every((client) => client.provider.synced)) {
    if (Date.now() > deadline) throw new Error('latency clients did not sync within 30 s');
    await sleep(20);
  }
  return clients;
}

async function run(clients: Client[], input: LatencyInput): Promise<LatencyResult> {
  const samples: number[] = [];
  const start = performance.now();
  const measureFrom = start + input.warmupMs;
  const stopAt = measureFrom + input.durationMs;
  let sent = 0;
  let expected = 0;
  const timers: NodeJS.Timeout[] = [];
  const intervalMs = 1000 / input.ratePerSecond;
  for (const client of clients) {
    const map = client.doc.getMap<number>('m');
    map.observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      if (now < measureFrom || now > stopAt + 900) return;
      for (const key of event.keysChanged) {
        const value = map.get(key);
        if (key !== client.key && typeof value === 'number' && value >= measureFrom) {
          samples.push(now - value);
        }
      }
    });
    // Spread the clients' ticks over the interval instead of firing them all together.
    const offset = Math.random() * intervalMs;
    timers.push(
      setTimeout(() => {
        const timer = setInterval(() => {
          const now = performance.now();
          if (now >= stopAt) return clearInterval(timer);
          map.set(client.key, now);
          if (now >= measureFrom) {
            sent += 1;
            expected += input.clientsPerDoc - 1;
          }
        }, intervalMs);
        timers.push(timer);
      }, offset),
    );
  }
  await sleep(input.warmupMs + input.durationMs + 1_000);
  for (const timer of timers) clearInterval(timer);
  for (const client of clients) {
    client.provider.destroy();
    client.doc.destroy();
  }
  return { samples, sent, expected };
}

serveLoad(prepare, run);
