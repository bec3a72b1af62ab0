/**
 * The SQLite writer thread of WorkerSqliteStore: its own better-sqlite3 connection (WAL), so the
 * commit and its fsync never block the relay's event loop. Requests are handled strictly in arrival
 * order; each append batch is one transaction, and its reply (with the seqs) is posted only after
 * that transaction has committed.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { boundPageCache } from './sqlite-cache.ts';
import { SqliteLog } from './sqlite-log.ts';
import type { WriterData, WriterReply, WriterRequest } from './sqlite-writer-protocol.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-writer must run in a worker thread');
const { file, synchronous, niceness } = workerData as WriterData;

/**
 * Lowers this thread's scheduling priority when PLOD_WRITER_NICE asks (Linux: a thread is a task
 * with its own nice value, and /proc/thread-self names it). On a busy machine the relay's event loop
 * then runs before the commit of the last 100 ms of updates; an idle core still takes the commit at
 * once. Broadcasts wait for commits, so by default it is not lowered. Elsewhere, or if refused, the
 * thread keeps the process's priority.
 */
function lowerPriority(): void {
  if (niceness <= 0 || process.platform !== 'linux') return;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0)
      os.setPriority(tid, Math.min(19, os.getPriority(tid) + niceness));
  } catch {
    // no /proc, or not permitted: same priority as the event loop
  }
}
lowerPriority();

/** Names this thread `plod-writer` for `top -H`, `ps -L` and the bench's probe (Linux only). */
function nameThread(): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', 'plod-writer');
  } catch {
    // not Linux: the thread keeps its name
  }
}
nameThread();

const db = new Database(file, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${synchronous}`);
db.pragma('busy_timeout = 5000');
boundPageCache(db);

const log = new SqliteLog(db);

function handle(request: WriterRequest): WriterReply {
  switch (request.op) {
    case 'append': {
      // Each update a view into the transferred buffer: bound as-is, no copy.
      const packed = {
        names: request.names,
        data: new Uint8Array(request.data),
        ends: request.ends,
      };
      return { id: request.id, ok: true, ...log.compactAndAppend(request.compactions, packed) };
    }
    case 'compact':
      return { id: request.id, ok: true, ...log.compactAndAppend(request.compactions, null) };
    case 'delete':
      return { id: request.id, ok: true, deleted: log.delete(request.name) };
    case 'close':
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      return { id: request.id, ok: true };
  }
}

port.on('message', (request: WriterRequest) => {
  let reply: WriterReply;
  try {
    reply = handle(request);
  } catch (error) {
    reply = {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(reply);
  if (request.op === 'close') port.close();
});
