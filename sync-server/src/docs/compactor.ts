import * as Y from 'yjs';
import type { DocumentStore } from '../store/document-store.ts';
import type { Logger } from '../logger.ts';
import type { LiveDocument } from './live-document.ts';
import { applyStored, storedThroughSeq } from './stored-document.ts';

/**
 * The document's state as an update, without what Yjs holds back (structs waiting for an earlier
 * clock or an origin it lacks, deletions of items it does not have). `Y.encodeStateAsUpdate` adds
 * those; the store would then keep bytes no client's update was ever integrated from, and a load
 * would hold them back again (or fail on them) after every restart. They are never in the log either:
 * a document's 'update' event carries only what it integrated. The client that sent them still has
 * them and sends them again in its next sync, with what they were waiting for.
 */
export function encodeIntegratedState(doc: Y.Doc): Uint8Array {
  const store = doc.store;
  const { pendingStructs, pendingDs } = store;
  store.pendingStructs = null;
  store.pendingDs = null;
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    store.pendingStructs = pendingStructs;
    store.pendingDs = pendingDs;
  }
}

export interface CompactionPolicy {
  afterUpdates: number;
  afterBytes: number;
}

/**
 * Folds a document's update log into a snapshot in the background, one document per event-loop turn.
 * The snapshot is the live Y.Doc's encoded state (fast), never Y.mergeUpdates over the log (slow on
 * thousands of updates). Rows committed while a compaction is in flight have higher seqs and stay.
 */
export class Compactor {
  private readonly waiting = new Set<LiveDocument>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private scheduled = false;
  private readonly rowLimits = new WeakMap<LiveDocument, number>();

  constructor(
    private readonly store: DocumentStore,
    private readonly logger: Logger,
    private readonly policy: CompactionPolicy,
  ) {}

  consider(live: LiveDocument): void {
    if (live.compacting || live.closed || this.waiting.has(live)) return;
    if (
      live.rowsSinceSnapshot < this.rowLimit(live) &&
      live.bytesSinceSnapshot < this.policy.afterBytes
    ) {
      return;
    }
    this.waiting.add(live);
    this.schedule();
  }

  /** Compacts an unloaded document one last time (if it has log rows) and frees it. */
  compactAndDestroy(live: LiveDocument): void {
    this.waiting.delete(live);
    if (live.rowsSinceSnapshot > 0 && !live.compacting) this.track(this.compact(live));
    live.destroy();
  }

  /** Compacts a live document now, whatever its row count; false if one is running or it failed. */
  async compactNow(live: LiveDocument): Promise<boolean> {
    if (live.compacting || live.closed) return false;
    this.waiting.delete(live);
    const work = this.compact(live);
    this.track(work);
    return work;
  }

  /**
   * Compacts a document that is not in memory from what is stored: its snapshot and log rows are
   * built into a Y.Doc, whose state becomes the snapshot through the last row. Safe whether or not
   * the document is opened meanwhile: later rows have higher seqs and stay. A stored part that
   * fails to apply, or leaves anything held back, leaves the document as it is (and logged).
   */
  async fold(docName: string): Promise<boolean> {
    const work = this.foldStored(docName).catch((error: unknown) => {
      this.logger.error('compaction failed', { doc: docName, error });
      return false;
    });
    this.track(work);
    return work;
  }

  private async foldStored(docName: string): Promise<boolean> {
    const stored = await this.store.load(docName);
    if (!stored || stored.updates.length === 0) return false;
    const doc = new Y.Doc();
    try {
      applyStored(doc, stored);
      if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) {
        throw new Error('stored rows wait for updates the store does not have; left as they are');
      }
      await this.store.compact(docName, encodeIntegratedState(doc), storedThroughSeq(stored));
      this.logger.debug('document compacted from the store', {
        doc: docName,
        rows: stored.updates.length,
      });
      return true;
    } finally {
      doc.destroy();
    }
  }

  /** Resolves once no compaction is waiting or running. */
  async idle(): Promise<void> {
    while (this.waiting.size > 0 || this.inFlight.size > 0 || this.scheduled) {
      if (this.waiting.size > 0 && !this.scheduled) this.schedule();
      await Promise.all([...this.inFlight, new Promise((resolve) => setImmediate(resolve))]);
    }
  }

  /**
   * A document's row limit, drawn once between half and all of `afterUpdates`: documents loaded or
   * edited together (after a restart, or a hundred phones at once) then do not all reach the limit
   * in the same second, which would make a burst of compactions (a snapshot encoded on the event
   * loop and a transaction on the writer thread each).
   */
  private rowLimit(live: LiveDocument): number {
    let limit = this.rowLimits.get(live);
    if (limit === undefined) {
      limit = Math.max(1, Math.round(this.policy.afterUpdates * (0.5 + Math.random() / 2)));
      this.rowLimits.set(live, limit);
    }
    return limit;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const next = this.waiting.values().next();
      if (next.done) return;
      this.waiting.delete(next.value);
      if (!next.value.closed) this.track(this.compact(next.value));
      if (this.waiting.size > 0) this.schedule();
    });
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves true once compacted; a failure is logged and resolves false. */
  private async compact(live: LiveDocument): Promise<boolean> {
    live.compacting = true;
    const started = performance.now();
    const snapshot = encodeIntegratedState(live.doc);
    // Read now: the store may move the snapshot's buffer to its writer thread.
    const snapshotBytes = snapshot.byteLength;
    const throughSeq = live.committedSeq;
    const rows = live.rowsSinceSnapshot;
    const bytes = live.bytesSinceSnapshot;
    this.logger.debug('document compacting', { doc: live.name, rows, bytes: snapshotBytes });
    try {
      await this.store.compact(live.name, snapshot, throughSeq);
      live.rowsSinceSnapshot -= rows;
      live.bytesSinceSnapshot -= bytes;
      this.logger.debug('document compacted', {
        doc: live.name,
        rows,
        bytes: snapshotBytes,
        ms: Math.round((performance.now() - started) * 100) / 100,
      });
      return true;
    } catch (error) {
      this.logger.error('compaction failed', { doc: live.name, error });
      return false;
    } finally {
      live.compacting = false;
    }
  }
}
