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
  /**
   * When the clients send, in ms after 'go': each block is [start, end). A change sent in a block's
   * first `warmupMs` is not measured. One block for a plain window; several, with gaps, when two
   * servers take turns (latency-blocks.ts).
   */
  blocks: [number, number][];
  warmupMs: number;
}

export interface LatencyResult {
  /** Latencies in ms of measured changes, per block. */
  samples: number[][];
  /** Changes sent in each block's measured time. */
  sent: number[];
  /** Changes sent in each block, its warm-up included. */
  sentAll: number[];
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
  const start = performance.now();
  const blocks = input.blocks.map(([from, to]) => ({
    from: start + from,
    measureFrom: start + from + input.warmupMs,
    to: start + to,
  }));
  const samples = blocks.map((): number[] => []);
  const endAt = start + Math.max(...input.blocks.map(([, to]) => to));
  /** The block a change sent at `at` belongs to, if it is measured; else -1. */
  const measuredBlock = (at: number) =>
    blocks.findIndex((block) => at >= block.measureFrom && at < block.to);
  /** The block in which the clients send at `at`, if any; else -1. */
  const blockAt = (at: number) => blocks.findIndex((block) => at >= block.from && at < block.to);
  const sent = blocks.map(() => 0);
  const sentAll = blocks.map(() => 0);
  const timers: NodeJS.Timeout[] = [];
  const intervalMs = 1000 / input.ratePerSecond;
  for (const client of clients) {
    const map = client.doc.getMap<number>('m');
    map.observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const key of event.keysChanged) {
        const value = map.get(key);
        if (key === client.key || typeof value !== 'number') continue;
        const block = measuredBlock(value);
        if (block >= 0) samples[block]?.push(now - value);
      }
    });
    // Spread the clients' ticks over the interval instead of firing them all together.
    const offset = Math.random() * intervalMs;
    timers.push(
      setTimeout(() => {
        const timer = setInterval(() => {
          const now = performance.now();
          if (now >= endAt) return clearInterval(timer);
          const block = blockAt(now);
          if (block < 0) return;
          map.set(client.key, now);
          sentAll[block] = (sentAll[block] ?? 0) + 1;
          if (now >= (blocks[block]?.measureFrom ?? Infinity)) sent[block] = (sent[block] ?? 0) + 1;
        }, intervalMs);
        timers.push(timer);
      }, offset),
    );
  }
  await sleep(endAt - start + 1_000);
  for (const timer of timers) clearInterval(timer);
  for (const client of clients) {
    client.provider.destroy();
    client.doc.destroy();
  }
  return { samples, sent, sentAll };
}

serveLoad(prepare, run);
