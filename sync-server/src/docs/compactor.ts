import * as Y from 'yjs';
import type { DocumentStore } from '../store/document-store.ts';
import type { Logger } from '../logger.ts';
import type { LiveDocument } from './live-document.ts';

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
  private readonly inFlight = new Set<Promise<void>>();
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

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async compact(live: LiveDocument): Promise<void> {
    live.compacting = true;
    const started = performance.now();
    const snapshot = encodeIntegratedState(live.doc);
    const throughSeq = live.committedSeq;
    const rows = live.rowsSinceSnapshot;
    const bytes = live.bytesSinceSnapshot;
    try {
      await this.store.compact(live.name, snapshot, throughSeq);
      live.rowsSinceSnapshot -= rows;
      live.bytesSinceSnapshot -= bytes;
      this.logger.debug('document compacted', {
        doc: live.name,
        rows,
        bytes: snapshot.byteLength,
        ms: Math.round((performance.now() - started) * 100) / 100,
      });
    } catch (error) {
      this.logger.error('compaction failed', { doc: live.name, error });
    } finally {
      live.compacting = false;
    }
  }
}
