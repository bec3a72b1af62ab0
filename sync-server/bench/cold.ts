import path from 'node:path';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { DocumentManager } from '../src/docs/document-manager.ts';
import { createLogger } from '../src/logger.ts';
import { DATABASE_FILE, SqliteStore } from '../src/store/sqlite-store.ts';
import { coldSocket } from './cold-socket.ts';
import { percentile, round, sleep, startServer, tempDir } from './processes.ts';

/**
 * A report-like document of at least `bytes` encoded: three devices filling in fields, adding rows
 * (maps in an array) and typing notes in small bursts at random places. Deterministic.
 */
export function buildDocument(bytes: number): Y.Doc {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const devices = [1, 2, 3].map((clientID) => {
    const doc = new Y.Doc();
    doc.clientID = clientID;
    return doc;
  });
  const merged = new Y.Doc();
  const words = 'core run depth bit water loss pump hole rod casing barrel shift'.split(' ');
  const word = () => words[Math.floor(random() * words.length)] ?? 'x';
  for (let round = 0; Y.encodeStateAsUpdate(merged).byteLength < bytes; round++) {
    for (let step = 0; step < 1000; step++) {
      const doc = devices[Math.floor(random() * devices.length)] ?? merged;
      const choice = random();
      if (choice < 0.4) doc.getMap('fields').set(`f${Math.floor(random() * 300)}`, word());
      else if (choice < 0.6) {
        const row = new Y.Map<string | number>();
        row.set('from', Math.round(random() * 1000));
        row.set('to', Math.round(random() * 1000));
        row.set('note', `${word()} ${word()}`);
        doc.getArray('rows').push([row]);
      } else {
        const text = doc.getText('notes');
        // Mostly typing near the end, sometimes an edit further up.
        const back =
          random() < 0.9 ? Math.floor(random() * 20) : Math.floor(random() * text.length);
        text.insert(Math.max(0, text.length - back), `${word()} `);
      }
    }
    // Exchange only what each side lacks; full states every round would make this quadratic.
    for (const doc of devices) {
      Y.applyUpdate(merged, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(merged)));
    }
    for (const doc of devices) {
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(merged, Y.encodeStateVector(doc)));
    }
  }
  return merged;
}

const silent = createLogger('silent');

/**
 * Names for the stored copies. Not report names: at start the server re-projects every report
 * document stored past its projection row, and these documents (report-like, not reports) have
 * none, so it would load them all at once and no socket would find one cold. (Until round 6 the
 * socket figures measured that: every run but the first found its document already in memory.)
 * The relay loads any document the same way; the development flag the bench runs with allows
 * names of no known kind.
 */
const coldNames = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => `cold-bench:${size}:${i}`);

/** Store load to doc ready, with the document stored as a compacted snapshot (as after unload). */
async function inProcess(file: string, name: string, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    // A fresh connection and manager each time: nothing of the document is in this process's memory.
    const store = new SqliteStore(file);
    const manager = new DocumentManager({ store, logger: silent });
    const started = performance.now();
    const lease = await manager.open(name);
    times.push(performance.now() - started);
    lease.release();
    await manager.close();
    await store.close();
  }
  // The two halves on their own: the SQLite read, and building the Y.Doc from the bytes.
  const store = new SqliteStore(file);
  let started = performance.now();
  const stored = await store.load(name);
  const readMs = performance.now() - started;
  await store.close();
  // Median of several: a single timing is at the mercy of one GC pause.
  const applies: number[] = [];
  const appliesV2: number[] = [];
  const v2 = stored?.snapshot ? Y.convertUpdateFormatV1ToV2(stored.snapshot) : null;
  for (let run = 0; run < Math.max(5, Math.min(runs, 20)); run++) {
    let doc = new Y.Doc();
    started = performance.now();
    if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot);
    applies.push(performance.now() - started);
    doc.destroy();
    doc = new Y.Doc();
    started = performance.now();
    if (v2) Y.applyUpdateV2(doc, v2);
    appliesV2.push(performance.now() - started);
    doc.destroy();
  }
  const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 50);
  return { times, readMs, applyMs: median(applies), applyV2Ms: median(appliesV2) };
}

/** Server process started on the data folder, one stock client: new WebsocketProvider to synced. */
async function endToEnd(dataDir: string, name: string): Promise<number> {
  const server = await startServer('plod', { dataDir });
  try {
    const doc = new Y.Doc();
    const started = performance.now();
    const provider = new WebsocketProvider(server.url, name, doc, {
      disableBc: true,
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    const deadline = Date.now() + 30_000;
    while (!provider.synced && Date.now() < deadline) await sleep(0);
    const elapsed = performance.now() - started;
    provider.destroy();
    doc.destroy();
    return elapsed;
  } finally {
    await server.stop();
  }
}

export async function coldBench(runs: number): Promise<void> {
  console.log(
    `\n## Cold load: a report-like document stored as a snapshot in SQLite. "store": ` +
      `DocumentManager.open on a fresh store connection (SQLite read + Y.Doc built), median of ${runs}; ` +
      `"first": the first of those; "connect": server process just started, new stock client to synced; ` +
      `"firstAnswer" / "ready": relay in its own process, document not in memory, new socket sending an ` +
      `empty step 1 to the server's step 2 (its answer) / to the server's step 1 (Y.Doc built), median`,
  );
  const rows = [];
  for (const size of [100 * 1024, 1024 * 1024]) {
    const dataDir = tempDir();
    const file = path.join(dataDir, DATABASE_FILE);
    const [name = ''] = coldNames(1, size);
    const doc = buildDocument(size);
    const snapshot = Y.encodeStateAsUpdate(doc);
    const store = new SqliteStore(file);
    await store.compact(name, snapshot, 0);
    // Copies for the socket runs: each run must find a document that was never opened.
    const copies = coldNames(runs + 1, size).slice(1);
    for (const copy of copies) await store.compact(copy, snapshot, 0);
    await store.close();
    const { times, readMs, applyMs, applyV2Ms } = await inProcess(file, name, runs);
    const socket = await coldSocket(dataDir, copies);
    const med = (values: number[]) => round(percentile(Float64Array.from(values).sort(), 50));
    const first = times[0] ?? Number.NaN;
    const sorted = Float64Array.from(times).sort();
    const connects = [];
    for (let i = 0; i < 3; i++) connects.push(await endToEnd(dataDir, name));
    rows.push({
      document: `${round(snapshot.byteLength / 1024, 0)} KB`,
      firstAnswerMs: med(socket.firstAnswer),
      readyMs: med(socket.ready),
      storeMedianMs: round(percentile(sorted, 50)),
      storeP90Ms: round(percentile(sorted, 90)),
      storeFirstMs: round(first),
      sqliteReadMs: round(readMs),
      yjsApplyMs: round(applyMs),
      yjsApplyV2Ms: round(applyV2Ms),
      connectMedianMs: round(percentile(Float64Array.from(connects).sort(), 50)),
    });
  }
  console.table(rows);
  console.log(
    'target: 100 KB document loaded cold in < 10 ms (firstAnswer; readyMs also reported)',
  );
}
