import type { DocumentStore } from '../store/document-store.ts';
import { PackedUpdates } from './packed-updates.ts';
import type { Logger } from '../logger.ts';

interface Waiter {
  target: number;
  callback: () => void;
}

const MAX_RETRY_MS = 5_000;

/**
 * Optional commit pacing, as a token bucket: at most `perSecond` commits a second under sustained
 * load, each carrying every update since the one before; up to `burst` commits may follow one
 * another at once. Without it (the default) the queue group-commits: a commit starts as soon as the
 * writer is free, and what arrives while it runs is committed together right after, so a lone update
 * waits for one commit (its fsync) and a busy server's commits grow instead of multiplying. A
 * commit's cost is mostly per commit, not per update: the writer thread's wake-up and reply, the
 * transaction, an fsync (synchronous=FULL), and one dirtied page of the log's (doc_name, seq) index
 * per document touched. At the latency bench's load (3,000 updates/s over 100 documents) the writer
 * thread spent about 50 us of CPU per update committing every 2 ms, 17 us at one commit per 20 ms,
 * 13 us per 50 ms (measured without the network). Pacing (PLOD_COMMITS_PER_SECOND) trades that CPU
 * for latency: acknowledgements then wait up to 1 / perSecond longer under load.
 */
export interface CommitPacing {
  perSecond: number;
  burst: number;
}

/** The burst a paced queue allows (PLOD_COMMITS_PER_SECOND sets the rate). */
export const PACED_BURST = 10;

export interface WriteQueueHooks<T> {
  /**
   * Called for each committed update, in commit order, before `onCommitted` and before any
   * durability waiter (the relay broadcasts here: peers only ever see what is durable).
   */
  onEachCommitted?: (tag: T, update: Uint8Array, origin: unknown) => void;
  /** A commit failed (it is retried); `onCommit` follows the next one that works. */
  onCommitFailed?: (error: unknown) => void;
  onCommit?: () => void;
}

/**
 * Batches updates into one store transaction at a time (group commit: one starts on the next
 * event-loop turn once the writer is free, holding everything that arrived meanwhile; optionally
 * paced by `CommitPacing`), in FIFO order, and
 * counts them: `committed` only ever covers a prefix of everything enqueued, so "all enqueued before
 * X are durable" is `committed >= enqueuedAtX`. A failed batch is retried in place, never skipped.
 * Each update carries a tag (the relay's: its live document) handed back with its seq once
 * committed. Waiting updates are packed (see PackedUpdates): enqueue copies the bytes.
 */
export class WriteQueue<T extends object> {
  /** Where updates are enqueued now. */
  private open = new PackedUpdates<T>();
  /** Closed batches not yet committed, oldest first (a failed commit's, then any later ones). */
  private closed: PackedUpdates<T>[] = [];
  /** Emptied batches kept for reuse (so is their grown capacity). */
  private readonly spare: PackedUpdates<T>[] = [];
  private enqueued = 0;
  private committed = 0;
  private inFlight: Promise<void> | null = null;
  private scheduled = false;
  /** The paced commit waiting for a token, if any (hurried along by a prompt waiter). */
  private pacedTimer: NodeJS.Timeout | null = null;
  /** A prompt waiter is waiting: the next commit does not wait for a token. */
  private hurried = false;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private waiters: Waiter[] = [];
  /** Commits that may start now without waiting (refilled at `pacing.perSecond`). */
  private tokens: number;
  private tokensAt = performance.now();

  constructor(
    private readonly store: DocumentStore,
    private readonly onCommitted: (
      tags: readonly T[],
      sizes: readonly number[],
      seqs: readonly number[],
    ) => void,
    private readonly logger: Logger,
    /** Null (the default): group commit, no pacing. */
    private readonly pacing: CommitPacing | null = null,
    private readonly hooks: WriteQueueHooks<T> = {},
  ) {
    this.tokens = pacing?.burst ?? 0;
  }

  get enqueuedCount(): number {
    return this.enqueued;
  }

  get committedCount(): number {
    return this.committed;
  }

  /** Updates enqueued and not yet handed to the store. */
  get size(): number {
    return this.closed.reduce((sum, batch) => sum + batch.length, this.open.length);
  }

  /**
   * Queues a copy of `update` for `docName`; `tag` (and `origin`) come back with it once it is
   * committed.
   */
  enqueue(docName: string, update: Uint8Array, tag: T, origin: unknown = null): void {
    this.open.push(docName, update, tag, origin);
    this.enqueued += 1;
    this.schedule();
  }

  /** Calls `callback` (synchronously if possible) once everything enqueued so far is committed. */
  afterCommitted(callback: () => void): void {
    const target = this.enqueued;
    if (this.committed >= target) callback();
    else this.waiters.push({ target, callback });
  }

  /**
   * Resolves once everything enqueued so far is committed. `promptly`: the caller is a request
   * waiting on its answer (a REST write), so the commit starts now instead of waiting for a token.
   * Such callers wait for each commit before making the next, so they cannot commit faster than the
   * store answers; pacing is for the relay's stream of updates, whose acknowledgements may wait.
   */
  whenCommitted(options: { promptly?: boolean } = {}): Promise<void> {
    const committed = new Promise<void>((resolve) => this.afterCommitted(resolve));
    if (options.promptly && this.committed < this.enqueued) this.hurry();
    return committed;
  }

  /** Commits everything queued now; gives up after `attempts` failed tries (shutdown path). */
  async drain(attempts = 5): Promise<void> {
    for (let failures = 0; this.size > 0 || this.inFlight;) {
      if (this.retryTimer) {
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
      }
      const before = this.committed;
      await this.run();
      if (this.committed === before && this.size > 0 && ++failures >= attempts) {
        this.logger.error('giving up on unwritten updates at shutdown', { updates: this.size });
        return;
      }
    }
  }

  /** A failed commit waiting for its retry is tried now (the store was found writable again). */
  retryNow(): void {
    if (!this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.run();
  }

  private schedule(): void {
    if (this.scheduled || this.retryTimer) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.pacedTimer = null;
      void this.run();
    };
    const wait = this.hurried ? 0 : this.untilToken();
    if (wait <= 0) setImmediate(go);
    else this.pacedTimer = setTimeout(go, wait);
  }

  private hurry(): void {
    this.hurried = true;
    // A commit in flight reschedules when it ends, and will not wait then.
    if (!this.pacedTimer) return;
    clearTimeout(this.pacedTimer);
    this.pacedTimer = null;
    this.scheduled = false;
    this.schedule();
  }

  /** Milliseconds until a commit may start (0: now; always, unpaced). */
  private untilToken(): number {
    if (!this.pacing) return 0;
    this.refill();
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) * 1000) / this.pacing.perSecond;
  }

  private refill(): void {
    if (!this.pacing) return;
    const now = performance.now();
    const earned = ((now - this.tokensAt) * this.pacing.perSecond) / 1000;
    this.tokens = Math.min(this.pacing.burst, this.tokens + earned);
    this.tokensAt = now;
  }

  private run(): Promise<void> {
    // Never overlap transactions (an async store could otherwise commit batches out of order).
    if (this.inFlight) return this.inFlight;
    if (this.size === 0) return Promise.resolve();
    this.inFlight = this.commitBatch().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async commitBatch(): Promise<void> {
    if (this.open.length > 0) {
      this.closed.push(this.open);
      this.open = this.spare.pop() ?? new PackedUpdates<T>();
    }
    const batches = this.closed;
    this.closed = [];
    const count = batches.reduce((sum, batch) => sum + batch.length, 0);
    this.hurried = false;
    // Retries and shutdown drains do not wait for a token, and owe none.
    this.refill();
    this.tokens = Math.max(0, this.tokens - 1);
    let seqs: number[];
    try {
      seqs = await this.store.appendPacked(PackedUpdates.pack(batches));
    } catch (error) {
      this.closed = batches.concat(this.closed);
      this.retryMs = Math.min(Math.max(50, this.retryMs * 2), MAX_RETRY_MS);
      this.logger.error('store append failed; retrying', { error, updates: count });
      this.hooks.onCommitFailed?.(error);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.run();
      }, this.retryMs);
      return;
    }
    this.retryMs = 0;
    const tags: T[] = [];
    const sizes: number[] = [];
    this.hooks.onCommit?.();
    const visit = this.hooks.onEachCommitted ? this.visitCommitted : undefined;
    for (const batch of batches) {
      batch.drain(tags, sizes, visit);
      this.spare.push(batch);
    }
    this.committed += count;
    try {
      this.onCommitted(tags, sizes, seqs);
    } catch (error) {
      this.logger.error('commit listener failed', { error });
    }
    this.releaseWaiters();
    if (this.size > 0) this.schedule();
  }

  private readonly visitCommitted = (tag: T, update: Uint8Array, origin: unknown): void => {
    try {
      this.hooks.onEachCommitted?.(tag, update, origin);
    } catch (error) {
      this.logger.error('commit listener failed', { error });
    }
  };

  private releaseWaiters(): void {
    let released = 0;
    while (
      released < this.waiters.length &&
      (this.waiters[released]?.target ?? 0) <= this.committed
    ) {
      released += 1;
    }
    const ready = this.waiters.splice(0, released);
    for (const waiter of ready) {
      try {
        waiter.callback();
      } catch (error) {
        this.logger.error('durability callback failed', { error });
      }
    }
  }
}
