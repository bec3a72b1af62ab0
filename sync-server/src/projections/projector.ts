import * as Y from 'yjs';
import {
  REPORTS_INDEX_DOC_NAME,
  REPORT_DOC_PREFIX,
  classifyDocName,
  reportDocName,
} from '@plod/model';
import type { ReportId } from '@plod/model';
import type { DocumentManager } from '../docs/document-manager.ts';
import { applyStored, storedThroughSeq } from '../docs/stored-document.ts';
import type { DocumentStore } from '../store/document-store.ts';
import type { Logger } from '../logger.ts';
import { isStorageError } from '../storage-status.ts';
import { passPricer } from './pricing.ts';
import type { PricingSource } from './pricing.ts';
import { projectPlod } from './report-row.ts';
import type { ProjectedPlod, ReportRow } from './report-row.ts';
import type { PlodDates, ReportTable } from './report-table.ts';
import { indexStamp } from './reports-index-hook.ts';
import type { ReportsIndexHook } from './reports-index-hook.ts';

/** The store's highest seq of the reports index document; null when it was never stored. */
async function storedIndexSeq(store: Pick<DocumentStore, 'latestSeqs'>): Promise<number | null> {
  return (await store.latestSeqs(REPORTS_INDEX_DOC_NAME)).get(REPORTS_INDEX_DOC_NAME) ?? null;
}

/**
 * At most one projection pass per this many ms while reports are being edited. A pass re-reads each
 * dirty report's whole document on the event loop (0.3-0.8 ms for a small report); the relay commits
 * up to 10 times a second, so a crew typing into 100 reports would otherwise cost up to a thousand
 * passes a second. Reads never wait for it: they flush first.
 */
export const PROJECTION_INTERVAL_MS = 1_000;

/** A pass yields to the event loop after projecting for this long (a report takes 0.3-0.8 ms). */
const PROJECTION_SLICE_MS = 2;

/** When the write lock was held, the next try (a commit of the store's writer takes about 1 ms). */
const LOCKED_RETRY_MS = 5;

/**
 * Keeps the reports projection in step with the documents: every committed update marks its report
 * dirty, a pass soon after (at most one per `intervalMs`; the first at once) re-projects dirty
 * reports from the live document, and list reads await `flush()` first so they include every
 * acknowledged update. The reports index (what supervisors watch live) follows each pass. Each
 * pass prices its plods with their sites' contract versions (`pricing`), and a change of a site's
 * contracts marks that site's plods dirty (`sitePricesChanged`).
 */
export class Projector {
  private readonly dirty = new Map<ReportId, number>();
  /**
   * The highest seq each report was marked dirty with since start: a pass may be projecting (or
   * about to write) a report at that seq while its row still holds an older one, so a re-pricing
   * marks at least it, and its row is not refused for a seq older than the stale one written.
   */
  private readonly highestMarked = new Map<ReportId, number>();
  /** The reports of the pass running now (it may have read a site's versions already). */
  private inFlight: readonly ReportId[] = [];
  private running: Promise<boolean> | null = null;
  private scheduled = false;
  private stopped = false;
  private lastPassAt = Number.NEGATIVE_INFINITY;
  private readonly setupListeners = new Set<() => void>();
  private starting: Promise<void> = Promise.resolve();
  /**
   * Whether the reports index matched the table once the start was done (reconciled, or recorded
   * so at the last stop and nothing written since), with the epoch read then (for `recordIndex`);
   * null until then, or when it could not be told.
   */
  private indexInStep: { epoch: number } | null = null;

  constructor(
    private readonly manager: DocumentManager,
    readonly table: ReportTable,
    private readonly logger: Logger,
    /** Mirrors every projected row into the reports index document devices sync. */
    readonly index: ReportsIndexHook | null = null,
    /** The contract versions that price each site's plods; none: revenue stays null. */
    private readonly pricing: PricingSource | null = null,
    private readonly intervalMs = PROJECTION_INTERVAL_MS,
  ) {}

  /** A document's updates are durable up to `seq` (the relay's `onStored`, see extensions/). */
  stored(docName: string, seq: number): void {
    if (this.stopped) return;
    const kind = classifyDocName(docName);
    if (kind.kind === 'report') this.markDirty(kind.reportId, seq);
    else if (kind.kind === 'setup') for (const listener of this.setupListeners) listener();
  }

  /** Called when the setup document changes (site and rig names are overlaid from it). */
  onSetupChanged(listener: () => void): void {
    this.setupListeners.add(listener);
  }

  /**
   * At start: makes the reports index match the table (unless the last stop recorded that it did
   * and neither has changed since: `startIndex`), then queues the reports stored past their rows
   * (a crash between a commit and its projection, or a plod written while the server was down),
   * each with its highest stored seq (the row written reflects at least that). Reads wait for it,
   * so they include those reports.
   */
  start(store: Pick<DocumentStore, 'latestSeqs'>): Promise<void> {
    this.starting = (async () => {
      // First, so rows projected by catch-up land in the index after the full set.
      await this.startIndex(store).catch((error: unknown) =>
        this.logger.error('reports index reconcile failed', { error }),
      );
      try {
        const behind = await this.table.behind(await store.latestSeqs(REPORT_DOC_PREFIX));
        for (const [name, seq] of behind) {
          const kind = classifyDocName(name);
          if (kind.kind === 'report') this.markDirty(kind.reportId, seq);
        }
      } catch (error) {
        this.logger.error('projection catch-up failed', { error });
      }
    })();
    return this.starting;
  }

  markDirty(id: ReportId, seq: number): void {
    this.dirty.set(id, Math.max(seq, this.dirty.get(id) ?? 0));
    this.highestMarked.set(id, Math.max(seq, this.highestMarked.get(id) ?? 0));
    if (this.scheduled || this.stopped) return;
    this.schedule(this.lastPassAt + this.intervalMs - performance.now());
  }

  /** A pass in `wait` ms (at once if not positive) that never waits for the write lock. */
  private schedule(wait: number): void {
    this.scheduled = true;
    const pass = () => {
      this.scheduled = false;
      this.flush({ waitForLock: false }).catch((error: unknown) => {
        this.logger.error('projection failed', { error });
        // Its rows are dirty again (runBatch): try once more a pass later.
        if (!this.scheduled && !this.stopped && this.dirty.size > 0) this.schedule(this.intervalMs);
      });
    };
    if (wait <= 0) setImmediate(pass);
    else setTimeout(pass, wait).unref();
  }

  /**
   * Resolves once every report marked dirty so far is projected (what reads await). A timed pass
   * does not wait for the write lock (`waitForLock: false`): if the store's writer holds it, its rows
   * stay dirty for a pass a few milliseconds later, and the event loop goes on.
   */
  async flush(options: { waitForLock?: boolean } = {}): Promise<void> {
    const waitForLock = options.waitForLock ?? true;
    await this.starting;
    while (this.dirty.size > 0 || this.running) {
      if (!this.running) {
        this.running = this.runBatch(waitForLock).finally(() => {
          this.running = null;
        });
      }
      const written = await this.running;
      // A timed pass leaves rows it could not write to its retry; a read waits for them.
      if (!written && !waitForLock) return;
    }
  }

  /**
   * For a list read: `flush`, unless the store cannot write. Then the table is read as it stands
   * (the rows of the last saved state): resolves false, at once while the store is failing, or as
   * soon as the flush fails for the storage or the store starts failing while it runs.
   */
  async flushForRead(): Promise<boolean> {
    const storage = this.manager.storage;
    if (storage.current()) return false;
    let unsubscribe = () => {};
    const failing = new Promise<boolean>((resolve) => {
      unsubscribe = storage.onChange(() => {
        if (storage.current()) resolve(false);
      });
    });
    const flushed = this.flush().then(
      () => true,
      (error: unknown) => {
        if (isStorageError(error)) return false;
        throw error;
      },
    );
    try {
      return await Promise.race([flushed, failing]);
    } finally {
      unsubscribe();
    }
  }

  /**
   * A site's contract versions changed (call it once the change is committed): its plods (not
   * deleted) are projected again, through the dirty path, so they are priced by a pass that starts
   * after the change. A pass that may have read the old versions is one running now: its plods
   * are marked too (one may be new to the site, its row not yet written), and every plod is marked
   * with the highest seq known for it, so the re-priced row replaces what that pass writes. Never
   * rejects: a failure is logged (the change itself is committed). `dates`: only the plods of
   * those shift dates can have changed price (a version decides its dates up to the next one).
   */
  async sitePricesChanged(siteId: string, dates?: PlodDates): Promise<void> {
    try {
      const running = this.inFlight;
      await this.starting;
      const seqs = await this.table.siteSeqs(siteId, dates);
      for (const id of running) if (!seqs.has(id)) seqs.set(id, 0);
      for (const [id, seq] of seqs) {
        this.markDirty(id, Math.max(seq, this.highestMarked.get(id) ?? 0));
      }
    } catch (error) {
      this.logger.error('re-pricing a site failed', { siteId, error });
    }
  }

  /** Stops listening; pending work is left to the next start's catch-up. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush().catch(() => undefined);
    await this.index?.idle();
  }

  /** Removes reports from the projection and the reports index (cleanup). */
  async removeReports(ids: readonly string[]): Promise<void> {
    await this.table.delete(ids);
    void this.index?.deleted(ids);
  }

  /**
   * The start's reports index: reconciled with the table, unless the table records that the index
   * as stored now (its format and highest seq) matched it, with no row of the table written or
   * removed since (ReportTable.indexState). Reading and comparing a row per plod made the start's
   * memory, and what the process keeps of it at rest, grow with the plods stored.
   */
  private async startIndex(store: Pick<DocumentStore, 'latestSeqs'>): Promise<void> {
    if (!this.index) return;
    const state = await this.table.indexState();
    const seq = state?.reflects ? await storedIndexSeq(store) : null;
    if (!state || seq === null || state.reflects !== indexStamp(seq)) await this.reconcileIndex();
    if (state && !this.index.failed) this.indexInStep = { epoch: state.epoch };
  }

  /**
   * At a clean stop, once the projector is stopped and the documents are written (`store` not yet
   * closed): records beside the table that the reports index matches it, when every index write
   * since the start succeeded, so the next start need not reconcile them. Never rejects.
   */
  async recordIndex(store: Pick<DocumentStore, 'latestSeqs'>): Promise<void> {
    try {
      if (!this.index || !this.indexInStep) return;
      await this.index.idle();
      if (this.index.failed) return;
      const seq = await storedIndexSeq(store);
      if (seq === null) return;
      await this.table.recordIndexReflects(indexStamp(seq), this.indexInStep.epoch);
    } catch (error) {
      this.logger.warn('could not record the reports index as in step', { error });
    }
  }

  /**
   * Makes the reports index match the table: at start (the index may be new, or behind after a
   * rebuild run from the command line while the server was down).
   */
  async reconcileIndex(): Promise<void> {
    if (!this.index) return;
    // The index needs no bundles: read without them (a year of plods' bundles is hundreds of MB
    // of strings, and the heap a start grew to stays the process's at rest).
    const rows: ReportRow[] = [];
    for await (const page of this.table.summaryPages({}, 1_000)) rows.push(...page);
    await this.index.replaced(rows);
  }

  /** One pass; false when its rows could not be written without waiting (they stay dirty). */
  private async runBatch(waitForLock: boolean): Promise<boolean> {
    this.lastPassAt = performance.now();
    const batch = [...this.dirty];
    this.dirty.clear();
    this.inFlight = batch.map(([id]) => id);
    try {
      return await this.projectBatch(batch, waitForLock);
    } finally {
      this.inFlight = [];
    }
  }

  private async projectBatch(
    batch: readonly (readonly [ReportId, number])[],
    waitForLock: boolean,
  ): Promise<boolean> {
    const again = () => {
      for (const [id, seq] of batch) this.dirty.set(id, Math.max(seq, this.dirty.get(id) ?? 0));
    };
    // Priced as each is read (a pass holds no plod's bundle past its own row).
    const price = passPricer(this.pricing);
    const rows: { row: ReportRow; seq: number }[] = [];
    let sliceStart = performance.now();
    for (const [id, seq] of batch) {
      // A pass over many reports must not hold the event loop (and every broadcast) for its whole
      // length: after each few milliseconds of projecting, let the sockets in.
      if (performance.now() - sliceStart > PROJECTION_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      let plod: ProjectedPlod | null;
      try {
        plod = await this.manager.read(reportDocName(id), projectPlod);
      } catch (error) {
        this.logger.error('report projection failed', { id, error });
        continue;
      }
      if (!plod) continue;
      try {
        rows.push({ row: await price(plod), seq });
      } catch (error) {
        // The contracts could not be read (PostgreSQL out of reach): the rows stay dirty.
        again();
        throw error;
      }
    }
    if (rows.length === 0) return true;
    let written: boolean;
    try {
      written = waitForLock
        ? (await this.table.upsert(rows), true)
        : await this.table.tryUpsert(rows);
    } catch (error) {
      // The database failed (PostgreSQL out of reach): the rows stay dirty, never dropped.
      again();
      throw error;
    }
    if (!written) {
      again();
      if (!this.scheduled && !this.stopped) this.schedule(LOCKED_RETRY_MS);
      return false;
    }
    void this.index?.upserted(rows.map(({ row }) => row));
    return true;
  }
}

/**
 * Drops the projection and rebuilds it from the stored documents (loaded straight from the store),
 * priced with `pricing` where it is given.
 */
export async function rebuildProjection(
  store: DocumentStore,
  table: ReportTable,
  index: ReportsIndexHook | null = null,
  pricing: PricingSource | null = null,
): Promise<number> {
  // Rows written without the index (or before it): a server's stop, now or later, records nothing.
  if (!index) await table.forgetIndex();
  const price = passPricer(pricing);
  const rows: { row: ReportRow; seq: number }[] = [];
  for (const name of await store.listDocuments()) {
    if (classifyDocName(name).kind !== 'report') continue;
    const stored = await store.load(name);
    if (!stored) continue;
    const doc = new Y.Doc();
    try {
      applyStored(doc, stored);
      const plod = projectPlod(doc);
      if (plod) rows.push({ row: await price(plod), seq: storedThroughSeq(stored) });
    } finally {
      doc.destroy();
    }
  }
  await table.replaceAll(rows);
  await index?.replaced(rows.map(({ row }) => row));
  return rows.length;
}
