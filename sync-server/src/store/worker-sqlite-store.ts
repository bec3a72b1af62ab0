import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import { packEntries } from './document-store.ts';
import type { AppendEntry, PackedEntries } from './document-store.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { SqliteStoreOptions } from './sqlite-store.ts';
import type {
  CompactRequest,
  WriterData,
  WriterReply,
  WriterRequest,
} from './sqlite-writer-protocol.ts';

export interface WorkerSqliteStoreOptions extends SqliteStoreOptions {
  /** Where a dying writer thread is reported (it is also visible as rejected appends). */
  logger?: Logger;
  /** How much lower the writer thread's scheduling priority is than the process's (0: equal). */
  writerNiceness?: number;
}

/**
 * The writer thread runs at the event loop's priority by default. It used to run 10 nice levels
 * below, so that on a busy core the broadcasts went first; broadcasts now follow the commit (a peer
 * never sees what is not durable), so a starved writer delays them too (docs/benchmarks.md, round 9).
 * `PLOD_WRITER_NICE` still lowers it. See sqlite-writer.ts `lowerPriority`.
 */
export const DEFAULT_WRITER_NICENESS = 0;

interface Pending {
  resolve(reply: WriterReply & { ok: true }): void;
  reject(error: Error): void;
}

/**
 * How long a compaction waits for an append to ride with. Under load commits come about every
 * 100 ms, so nearly every compaction shares one: the writer thread is woken once and fsyncs once
 * for both. With the journal the commit itself is cheap, so wake-ups and fsyncs were most of what
 * the compactions cost (docs/benchmarks.md, "Round 7").
 */
export const COMPACTION_WAIT_MS = 100;

interface WaitingCompaction {
  request: CompactRequest;
  /** The snapshot's buffer, moved to the writer thread. */
  buffer: ArrayBuffer;
  resolve(): void;
  reject(error: Error): void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Request = DistributiveOmit<WriterRequest, 'id'>;

/** Whether `array` spans a plain ArrayBuffer of its own, which can then be transferred whole. */
function spansOwnBuffer(array: ArrayBufferView): boolean {
  return (
    array.buffer instanceof ArrayBuffer &&
    array.byteOffset === 0 &&
    array.byteLength === array.buffer.byteLength
  );
}

/** Bytes over a buffer that can be transferred: the same buffer if it is theirs alone, else a copy. */
function ownedBytes(array: Uint8Array): Uint8Array<ArrayBuffer> {
  return spansOwnBuffer(array) && array.buffer instanceof ArrayBuffer
    ? new Uint8Array(array.buffer)
    : array.slice();
}

function ownedWords(array: Uint32Array): Uint32Array<ArrayBuffer> {
  return spansOwnBuffer(array) && array.buffer instanceof ArrayBuffer
    ? new Uint32Array(array.buffer)
    : array.slice();
}

const WRITER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-writer.ts' : './sqlite-writer.js',
  import.meta.url,
);

/**
 * Starts the writer thread. From TypeScript sources (tsx, vitest) Node 20 cannot load a .ts worker
 * entry even with tsx's loader in execArgv, so a one-line bootstrap imports it through tsx's API.
 */
function startWriter(workerData: WriterData): Worker {
  if (!WRITER_URL.pathname.endsWith('.ts')) return new Worker(WRITER_URL, { workerData });
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs');
  const apiUrl = JSON.stringify(pathToFileURL(api).href);
  const code = `import(${apiUrl}).then((tsx) => tsx.tsImport(${JSON.stringify(WRITER_URL.href)}, ${apiUrl}))`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * SqliteStore whose writes (append, compact, delete) run on a worker thread with its own connection,
 * so neither the transaction nor its fsync blocks the event loop. Reads (`load`, `listDocuments`,
 * the REST projections through `database`) stay on the main-thread connection: WAL lets it read
 * while the writer commits, and a load is a fraction of a millisecond. An append resolves only when
 * the worker reports the committed seqs; if the worker dies, every request it had not answered is
 * rejected (never resolved), so nothing uncommitted is acknowledged. The next write starts a new
 * worker; a batch whose reply was lost may be written twice, which Yjs updates tolerate.
 */
export class WorkerSqliteStore extends SqliteStore {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing: Promise<void> | null = null;
  private readonly writerData: WriterData;
  private readonly logger: Logger | undefined;
  private compactions: WaitingCompaction[] = [];
  private compactionTimer: NodeJS.Timeout | null = null;

  constructor(file: string, options: WorkerSqliteStoreOptions = {}) {
    // The main-thread connection creates the schema before the writer opens the file.
    super(file, options);
    // Checkpoints (copying the WAL's pages into the database file, then an fsync) are left to the
    // writer thread, whose commits cross the WAL size limit first anyway: with the default, a
    // commit on this connection (a projection pass, a sign-in) could run one on the event loop.
    this.database.pragma('wal_autocheckpoint = 0');
    this.writerData = {
      file,
      synchronous: options.synchronous ?? 'FULL',
      niceness: options.writerNiceness ?? DEFAULT_WRITER_NICENESS,
    };
    this.logger = options.logger;
    // Started now so the first write does not pay for the thread start (and tsx, from sources).
    this.spawn();
  }

  override async append(entries: readonly AppendEntry[]): Promise<number[]> {
    // One copy into a packed buffer, then moved (transferred) to the worker.
    return this.appendPacked(packEntries(entries));
  }

  override async appendPacked(packed: PackedEntries): Promise<number[]> {
    const count = packed.names.length;
    if (count === 0) return [];
    if (packed.ends.length !== count) throw new Error('packed batch: names and ends differ');
    // Moved, not copied, when the views span their buffers (as packEntries and the queue make them).
    const data = ownedBytes(packed.data);
    const ends = ownedWords(packed.ends);
    const compactions = this.takeCompactions();
    const reply = await this.sendWithCompactions(
      compactions,
      { op: 'append', names: [...packed.names], data: data.buffer, ends },
      [data.buffer, ends.buffer],
    );
    if (!reply.seqs || reply.seqs.length !== count) {
      throw new Error('sqlite writer returned the wrong number of seqs');
    }
    return reply.seqs;
  }

  /** Waits (up to COMPACTION_WAIT_MS) for the next append, to commit with it. */
  override compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    if (this.closing) return Promise.reject(new Error('store is closed'));
    // The caller hands the snapshot over; copied only if it is a view into a larger buffer.
    const whole = ownedBytes(snapshot);
    const request = { name: docName, snapshot: whole, throughSeq };
    return new Promise((resolve, reject) => {
      this.compactions.push({ request, buffer: whole.buffer, resolve, reject });
      this.compactionTimer ??= setTimeout(() => this.sendCompactions(), COMPACTION_WAIT_MS);
    });
  }

  override async delete(docName: string): Promise<boolean> {
    // After the compactions asked for before it: one of this document would bring it back.
    this.sendCompactions();
    return (await this.request({ op: 'delete', name: docName }, [])).deleted === true;
  }

  private takeCompactions(): WaitingCompaction[] {
    if (this.compactionTimer) clearTimeout(this.compactionTimer);
    this.compactionTimer = null;
    return this.compactions.splice(0);
  }

  /** Sends the waiting compactions alone (their wait is over, or a delete or close comes next). */
  private sendCompactions(): void {
    const compactions = this.takeCompactions();
    if (compactions.length > 0) {
      this.sendWithCompactions(compactions, { op: 'compact' }, []).catch(() => {
        // each compaction's caller has the rejection
      });
    }
  }

  /** Sends `message` with `compactions` and settles each of them from the reply. */
  private async sendWithCompactions(
    compactions: readonly WaitingCompaction[],
    message: DistributiveOmit<Extract<Request, { compactions: unknown }>, 'compactions'>,
    transfer: ArrayBuffer[],
  ): Promise<WriterReply & { ok: true }> {
    const requests = compactions.map((waiting) => waiting.request);
    let reply: WriterReply & { ok: true };
    try {
      reply = await this.request({ ...message, compactions: requests }, [
        ...transfer,
        ...compactions.map((waiting) => waiting.buffer),
      ]);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const waiting of compactions) waiting.reject(failure);
      throw error;
    }
    compactions.forEach((waiting, i) => {
      const failed = reply.compactionErrors?.[i];
      if (failed) waiting.reject(new Error(`sqlite writer: ${failed}`));
      else waiting.resolve();
    });
    return reply;
  }

  /** Lets the writer finish every request sent so far, checkpoints, then closes both connections. */
  override close(): Promise<void> {
    if (!this.closing) this.sendCompactions();
    this.closing ??= (async () => {
      const worker = this.worker;
      if (worker) {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        try {
          await this.request({ op: 'close' }, []);
        } finally {
          await exited;
        }
      }
      await super.close();
    })();
    return this.closing;
  }

  /** Test hook: kills the writer thread as a crash would. */
  async killWriterForTest(): Promise<void> {
    await this.worker?.terminate();
  }

  private request(message: Request, transfer: ArrayBuffer[]): Promise<WriterReply & { ok: true }> {
    if (this.closing && message.op !== 'close') {
      return Promise.reject(new Error('store is closed'));
    }
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    // Referenced while it owes an answer (else a process with nothing else to do would exit with
    // a commit outstanding), unreferenced when idle so it never keeps a finished process alive.
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id }, transfer);
    });
  }

  private spawn(): Worker {
    const worker = startWriter(this.writerData);
    worker.unref();
    worker.on('message', (reply: WriterReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      // Closing, it stays referenced until it has exited (close awaits that).
      if (this.pending.size === 0 && !this.closing) worker.unref();
      if (reply.ok) waiting.resolve(reply);
      else waiting.reject(new Error(`sqlite writer: ${reply.message}`));
    });
    worker.on('error', (error) => this.writerDied(worker, error));
    worker.on('exit', (code) =>
      this.writerDied(worker, new Error(`sqlite writer exited (code ${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  private writerDied(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.pending.size === 0 && this.closing) return;
    this.logger?.error('sqlite writer thread died; unanswered writes are rejected', {
      error,
      pending: this.pending.size,
    });
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of failed) waiting.reject(error);
  }
}
