import * as Y from 'yjs';
import type { DocumentStore, StoredDocument } from '../store/document-store.ts';
import type { Logger } from '../logger.ts';
import { LiveDocument } from './live-document.ts';
import type { Peer } from './live-document.ts';
import { StorageStatus } from '../storage-status.ts';
import { PACED_BURST, WriteQueue } from './write-queue.ts';
import { Compactor } from './compactor.ts';
import { unlinkMergedStructs } from './unlink-merged.ts';
import { StoredPartFailed, applyStored, storedThroughSeq } from './stored-document.ts';

export interface DocumentManagerOptions {
  store: DocumentStore;
  logger: Logger;
  /** Told when commits fail and work again (REST writes and /api/health read it). */
  storage?: StorageStatus;
  /** How long an idle document stays in memory after its last socket and lease are gone. */
  unloadGraceMs?: number;
  /**
   * At most this many commits a second under sustained load (see CommitPacing). Unset (the
   * default): group commit, a commit as soon as the writer is free holding all that arrived while
   * the last one ran. Updates reach other sockets only once committed, so pacing lowers the
   * writer's CPU per update under load and delays them by up to a pacing interval.
   */
  commitsPerSecond?: number;
  /** Compact a live document once this many log rows (or bytes) are not in its snapshot. */
  compactAfterUpdates?: number;
  compactAfterBytes?: number;
  /**
   * Compact a document, live or not, once the store has appended this many updates since its
   * oldest uncompacted one (DocumentStore.oldestUncompacted): a document edited now and then
   * while it stays open, or left uncompacted by a crash, would otherwise keep the store from
   * reclaiming its log. Default 100,000.
   */
  reclaimAfterUpdates?: number;
  /** How often to look for such documents (ms). Default 10 s. */
  reclaimIntervalMs?: number;
  /**
   * Longest wait of a durable read for a commit before it reads the last saved state instead (it
   * does at once while the store is failing). Default 1.5 s, so a read answers within 2 s.
   */
  durableReadWaitMs?: number;
  /**
   * Called once each time a document is built from the store, before any socket or REST call uses
   * it (the product migrates documents here). What it changes is stored like any update; if it
   * throws, the error is logged and the document is served as it was stored.
   */
  onLoad?: (docName: string, doc: Y.Doc) => void;
  /** Called when an idle document leaves memory, before it is destroyed; a throw is logged. */
  onUnload?: (docName: string, doc: Y.Doc) => void;
}

/** Documents looked at per reclaim pass (oldest first). */
const RECLAIM_BATCH = 16;

/** How a read waits (see `DocumentManager.read`). */
export interface ReadOptions {
  durable?: boolean;
  onLastSaved?: () => void;
}

/** A hold on a live document: it stays in memory until released. */
export interface DocumentLease {
  readonly live: LiveDocument;
  readonly doc: Y.Doc;
  release(): void;
}

/**
 * Called after each commit once for every document it held updates of, with the highest log seq
 * committed for it (a commit under load holds a few updates of each of many documents).
 */
export type StoredListener = (docName: string, seq: number) => void;

/** A document being loaded: its stored bytes first, then (once `build` is called) the Y.Doc. */
interface Loading {
  stored: Promise<StoredDocument | null>;
  live: Promise<LiveDocument>;
  build(): void;
}

/**
 * How a new socket gets its document. `early`: the document is not in memory and is stored as a
 * snapshot only, so a fresh client's sync step 1 can be answered with `snapshot` as-is before the
 * Y.Doc is built; `open` then builds exactly that snapshot (never a later reload).
 */
export type SyncOpening =
  | { kind: 'live'; lease: DocumentLease }
  | { kind: 'early'; snapshot: Uint8Array; open(): Promise<DocumentLease> };

/** Longest wait for an early answer before a gated build starts anyway. */
const EARLY_BUILD_WAIT_MS = 50;

/** The origin of transactions made by the server itself (REST writes). */
export const SERVER_ORIGIN = Symbol('plod-server');

/**
 * Owns every live document: loads it once (concurrent opens share the load), stores each update
 * through the write queue, compacts in the background and unloads idle documents. REST handlers use
 * `transact` / `read` so that their writes are Yjs transactions on the same documents sockets see.
 */
export class DocumentManager {
  readonly queue: WriteQueue<LiveDocument>;
  readonly storage: StorageStatus;
  private readonly live = new Map<string, LiveDocument>();
  private readonly loading = new Map<string, Loading>();
  private readonly storedListeners = new Set<StoredListener>();
  private readonly compactor: Compactor;
  private readonly unloadGraceMs: number;
  private readonly reclaimAfterUpdates: number;
  private readonly durableReadWaitMs: number;
  private readonly reclaimTimer: NodeJS.Timeout;
  private reclaiming: Promise<number> | null = null;
  private closed = false;

  constructor(private readonly options: DocumentManagerOptions) {
    this.unloadGraceMs = options.unloadGraceMs ?? 5_000;
    this.storage = options.storage ?? new StorageStatus();
    this.queue = new WriteQueue<LiveDocument>(
      options.store,
      (lives, sizes, seqs) => this.committed(lives, sizes, seqs),
      options.logger,
      options.commitsPerSecond === undefined
        ? null
        : { perSecond: options.commitsPerSecond, burst: PACED_BURST },
      {
        // An update reaches other sockets only once it is durable: a crash can never take back an
        // edit that someone else's screen already showed.
        onEachCommitted: (live, update, origin) => live.broadcast(update, origin),
        onCommitFailed: (error) => this.storage.failed(error),
        onCommit: () => this.storage.recovered(),
      },
    );
    this.compactor = new Compactor(options.store, options.logger, {
      afterUpdates: options.compactAfterUpdates ?? 500,
      afterBytes: options.compactAfterBytes ?? 1_000_000,
    });
    this.reclaimAfterUpdates = options.reclaimAfterUpdates ?? 100_000;
    this.durableReadWaitMs = options.durableReadWaitMs ?? 1_500;
    this.reclaimTimer = setInterval(() => void this.reclaim(), options.reclaimIntervalMs ?? 10_000);
    this.reclaimTimer.unref();
  }

  /**
   * Compacts the documents whose oldest uncompacted update the store appended more than
   * `reclaimAfterUpdates` updates ago (live ones from memory, others from the store), so that it can
   * reclaim its log; resolves with how many were compacted. Runs on a timer; one pass at a time.
   */
  reclaim(): Promise<number> {
    this.reclaiming ??= this.reclaimPass().finally(() => {
      this.reclaiming = null;
    });
    return this.reclaiming;
  }

  private async reclaimPass(): Promise<number> {
    let compacted = 0;
    try {
      const behind = await this.options.store.oldestUncompacted(RECLAIM_BATCH);
      for (const { docName, appendedSince } of behind) {
        if (this.closed || appendedSince <= this.reclaimAfterUpdates) break;
        const live = this.live.get(docName);
        // One being loaded is compacted as a live document on a later pass, if it still needs it.
        if (live) compacted += Number(await this.compactor.compactNow(live));
        else if (!this.loading.has(docName))
          compacted += Number(await this.compactor.fold(docName));
      }
    } catch (error) {
      this.options.logger.error('reclaim pass failed', { error });
    }
    return compacted;
  }

  /** Number of documents in memory. */
  get openDocuments(): number {
    return this.live.size;
  }

  /** Resolves once no compaction (an unloaded document's last one among them) waits or runs. */
  compacted(): Promise<void> {
    return this.compactor.idle();
  }

  /** Whether a document is in memory now. */
  isOpen(docName: string): boolean {
    return this.live.has(docName);
  }

  /** Loads (or finds) a document and holds it in memory. Rejects if the stored document is unreadable. */
  async open(docName: string): Promise<DocumentLease> {
    return this.hold(this.live.get(docName) ?? (await this.load(docName)));
  }

  /**
   * For a new socket. A document stored as a snapshot only (as every unloaded document is) is read
   * but not built: the socket can answer from the snapshot and build it later with `open`. Anything
   * else is built now, as `open` does, so an unreadable log row still refuses the socket.
   */
  async openForSync(docName: string): Promise<SyncOpening> {
    if (!this.live.has(docName)) {
      const loading = this.loadingOf(docName);
      const stored = await loading.stored;
      const snapshot = stored?.snapshot;
      if (snapshot && stored.updates.length === 0 && !this.live.has(docName)) {
        const open = async () => {
          loading.build();
          const live = await loading.live;
          // Unloaded since: its state may now be ahead of the snapshot this socket was sent.
          if (live.closed) throw new Error(`document ${docName} was unloaded while opening`);
          return this.hold(live);
        };
        return { kind: 'early', snapshot, open };
      }
    }
    return { kind: 'live', lease: await this.open(docName) };
  }

  private hold(live: LiveDocument): DocumentLease {
    live.holds += 1;
    this.cancelUnload(live);
    let released = false;
    return {
      live,
      doc: live.doc,
      release: () => {
        if (released) return;
        released = true;
        live.holds -= 1;
        this.maybeUnload(live);
      },
    };
  }

  /** Runs `change` as one Yjs transaction and resolves once it is durable (read-your-writes). */
  async transact<T>(docName: string, change: (doc: Y.Doc) => T): Promise<T> {
    const lease = await this.open(docName);
    try {
      let result: T | undefined;
      lease.doc.transact(() => {
        result = change(lease.doc);
      }, SERVER_ORIGIN);
      await this.queue.whenCommitted({ promptly: true });
      return result as T;
    } finally {
      lease.release();
    }
  }

  /**
   * Reads a document's current state (it includes every acknowledged update). `durable`: first wait
   * until what the document held when asked is committed (a REST read shows nothing a crash could
   * take back; a projection pass does not wait). A durable read never waits on a commit that cannot
   * happen: while the store cannot write (or a commit takes longer than `durableReadWaitMs`), it
   * reads the document as the store holds it, the last saved state, and calls `onLastSaved`.
   */
  async read<T>(docName: string, read: (doc: Y.Doc) => T, options: ReadOptions = {}): Promise<T> {
    const lease = await this.open(docName);
    let committed = true;
    try {
      if (options.durable && lease.live.uncommitted > 0) committed = await this.committedInTime();
      if (committed) return read(lease.doc);
    } finally {
      lease.release();
    }
    options.onLastSaved?.();
    return this.readStored(docName, read);
  }

  /**
   * Resolves true once what is queued now is committed, false as soon as the store is failing or
   * after `durableReadWaitMs`, whichever comes first.
   */
  private committedInTime(): Promise<boolean> {
    if (this.storage.current()) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (committed: boolean) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(committed);
      };
      const timer = setTimeout(() => finish(false), this.durableReadWaitMs);
      const unsubscribe = this.storage.onChange(() => {
        if (this.storage.current()) finish(false);
      });
      void this.queue.whenCommitted({ promptly: true }).then(() => finish(true));
    });
  }

  /** Reads a document as the store holds it, in a copy of its own (never the live one). */
  private async readStored<T>(docName: string, read: (doc: Y.Doc) => T): Promise<T> {
    const doc = new Y.Doc();
    try {
      applyStored(doc, await this.options.store.load(docName));
      return read(doc);
    } finally {
      doc.destroy();
    }
  }

  /** Subscribes to updates once committed; returns an unsubscribe. */
  onStored(listener: StoredListener): () => void {
    this.storedListeners.add(listener);
    return () => this.storedListeners.delete(listener);
  }

  attach(live: LiveDocument, peer: Peer): void {
    live.peers.add(peer);
    this.cancelUnload(live);
  }

  detach(live: LiveDocument, peer: Peer): void {
    live.removePeer(peer);
    this.maybeUnload(live);
  }

  /**
   * Removes a document for good (the cleanup of deleted plods). In memory and idle, it is dropped
   * without the compaction an unload writes, once its updates are committed and compactions already
   * running have finished, so nothing writes it back after the delete. False, with nothing removed,
   * while a socket or a REST call holds it: a phone on it would bring it back; the next cleanup retries.
   */
  async remove(docName: string): Promise<boolean> {
    await this.loading.get(docName)?.live.catch(() => {});
    const live = this.live.get(docName);
    if (live) {
      if (!live.idle) return false;
      await this.queue.drain();
      if (!live.idle || this.live.get(docName) !== live) return false;
      this.cancelUnload(live);
      this.live.delete(docName);
      live.destroy();
    }
    await this.compactor.idle();
    return this.options.store.delete(docName);
  }

  /** Commits everything pending, finishes compactions and drops every document from memory. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.reclaimTimer);
    await this.reclaiming;
    await this.queue.drain();
    await this.compactor.idle();
    for (const live of this.live.values()) live.destroy();
    this.live.clear();
  }

  private load(docName: string): Promise<LiveDocument> {
    const loading = this.loadingOf(docName);
    loading.build();
    return loading.live;
  }

  /** The load in progress for a document, or a new one whose build waits for `build()`. */
  private loadingOf(docName: string): Loading {
    const existing = this.loading.get(docName);
    if (existing) return existing;
    let build = () => {};
    const gate = new Promise<void>((resolve) => {
      build = resolve;
    });
    // Nobody may be left waiting on a build no socket asked for (a handshake that never finished).
    const timer = setTimeout(build, EARLY_BUILD_WAIT_MS);
    timer.unref();
    const started = performance.now();
    const stored = this.options.store.load(docName);
    const live = stored
      .then(async (read) => {
        await gate;
        return this.buildLive(docName, read, started);
      })
      .finally(() => {
        clearTimeout(timer);
        this.loading.delete(docName);
      });
    // Callers get the rejection; this only stops it counting as unhandled when no one built.
    live.catch(() => {});
    stored.catch(() => {});
    const loading: Loading = { stored, live, build };
    this.loading.set(docName, loading);
    return loading;
  }

  private buildLive(docName: string, stored: StoredDocument | null, started: number): LiveDocument {
    const existing = this.live.get(docName);
    if (existing) return existing;
    const doc = new Y.Doc();
    unlinkMergedStructs(doc);
    try {
      applyStored(doc, stored);
    } catch (error) {
      doc.destroy();
      const at = error instanceof StoredPartFailed ? `${error.part} ${error.seq}` : 'store';
      this.options.logger.error('document failed to load', { doc: docName, at, error });
      throw new Error(`document ${docName} failed to load (${at})`, { cause: error });
    }
    const updates = stored?.updates ?? [];
    const live = new LiveDocument(
      docName,
      doc,
      {
        committedSeq: stored ? storedThroughSeq(stored) : 0,
        rows: updates.length,
        bytes: updates.reduce((sum, row) => sum + row.update.byteLength, 0),
      },
      (owner, update, origin) => this.enqueue(owner, update, origin),
    );
    this.live.set(docName, live);
    this.runOnLoad(docName, doc);
    this.compactor.consider(live);
    // Built on a timer with nobody holding it (a socket that never opened): it must still unload.
    this.maybeUnload(live);
    this.options.logger.debug('document loaded', {
      doc: docName,
      ms: Math.round((performance.now() - started) * 100) / 100,
      rows: updates.length,
    });
    return live;
  }

  private runOnLoad(docName: string, doc: Y.Doc): void {
    if (!this.options.onLoad) return;
    try {
      this.options.onLoad(docName, doc);
    } catch (error) {
      this.options.logger.error('document load hook failed', { doc: docName, error });
    }
  }

  private runOnUnload(live: LiveDocument): void {
    try {
      this.options.onUnload?.(live.name, live.doc);
    } catch (error) {
      this.options.logger.error('document unload hook failed', { doc: live.name, error });
    }
  }

  private enqueue(live: LiveDocument, update: Uint8Array, origin: unknown): void {
    live.uncommitted += 1;
    this.queue.enqueue(live.name, update, live, origin);
  }

  private committed(
    lives: readonly LiveDocument[],
    sizes: readonly number[],
    seqs: readonly number[],
  ): void {
    lives.forEach((live, index) => {
      live.uncommitted -= 1;
      live.committedSeq = Math.max(live.committedSeq, seqs[index] ?? 0);
      live.rowsSinceSnapshot += 1;
      live.bytesSinceSnapshot += sizes[index] ?? 0;
    });
    for (const live of new Set(lives)) {
      for (const listener of this.storedListeners) {
        try {
          listener(live.name, live.committedSeq);
        } catch (error) {
          this.options.logger.error('stored listener failed', { error, doc: live.name });
        }
      }
      this.compactor.consider(live);
      if (live.uncommitted === 0) this.maybeUnload(live);
    }
  }

  private cancelUnload(live: LiveDocument): void {
    if (live.unloadTimer) {
      clearTimeout(live.unloadTimer);
      live.unloadTimer = null;
    }
  }

  private maybeUnload(live: LiveDocument): void {
    if (!live.idle || live.unloadTimer || live.closed) return;
    live.unloadTimer = setTimeout(() => {
      live.unloadTimer = null;
      // Still-uncommitted updates keep it here: a reload must never miss them. `committed` retries.
      if (!live.idle || live.uncommitted > 0 || live.closed) return;
      this.live.delete(live.name);
      this.runOnUnload(live);
      this.compactor.compactAndDestroy(live);
    }, this.unloadGraceMs);
    live.unloadTimer.unref();
  }
}
