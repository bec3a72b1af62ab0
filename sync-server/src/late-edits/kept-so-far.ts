import * as Y from 'yjs';
import type { Logger } from '../logger.ts';

/** What is kept aside for one report so far. */
export interface Kept {
  /**
   * The report as last seen plus every edit kept for it (discarded ones too, so that they are not
   * kept again), or content Yjs holds back until what it follows arrives.
   */
  readonly doc: Y.Doc;
  /** Edits waiting for a supervisor, per device. */
  readonly waitingByDevice: Map<string, number>;
}

export interface KeptRows {
  /** Every kept update of the report, oldest first. */
  updates: Uint8Array[];
  /** Edits still waiting (neither merged nor discarded), per device. */
  waitingByDevice: Map<string, number>;
}

/**
 * The reports with edits kept aside, in memory (the most recently used `max`), so that keeping the
 * next edit costs that edit alone: the stored ones are read once, when the report is first needed,
 * not again for every edit.
 */
export class KeptSoFar {
  private readonly reports = new Map<string, Kept>();

  constructor(
    private readonly read: (docName: string) => Promise<KeptRows>,
    private readonly logger: Logger,
    private readonly max = 32,
  ) {}

  /** The report's kept edits, brought up to date with `live` (the report as it is now). */
  async of(docName: string, live: Y.Doc | null): Promise<Kept> {
    let kept = this.reports.get(docName);
    if (kept) {
      this.reports.delete(docName);
    } else {
      kept = await this.build(docName);
      this.evict();
    }
    this.reports.set(docName, kept);
    if (live) {
      // Only what the report gained since (a merge, a supervisor's edit): not the whole report.
      const missing = Y.encodeStateAsUpdate(live, Y.encodeStateVector(kept.doc));
      Y.applyUpdate(kept.doc, missing);
    }
    return kept;
  }

  /** Drops the report's copy (it holds content that was not kept); the next use reads it again. */
  forget(docName: string): void {
    this.reports.get(docName)?.doc.destroy();
    this.reports.delete(docName);
  }

  /** One of the device's edits was merged or discarded: it no longer counts against its cap. */
  settled(docName: string, deviceId: string): void {
    const counts = this.reports.get(docName)?.waitingByDevice;
    const left = (counts?.get(deviceId) ?? 0) - 1;
    if (left > 0) counts?.set(deviceId, left);
    else counts?.delete(deviceId);
  }

  private async build(docName: string): Promise<Kept> {
    const rows = await this.read(docName);
    const doc = new Y.Doc();
    for (const update of rows.updates) {
      try {
        Y.applyUpdate(doc, update);
      } catch (error) {
        // A damaged row is refused at merge; the others still count.
        this.logger.warn('kept edit unreadable', { doc: docName, error });
      }
    }
    return { doc, waitingByDevice: rows.waitingByDevice };
  }

  private evict(): void {
    for (const name of this.reports.keys()) {
      if (this.reports.size < this.max) return;
      this.forget(name);
    }
  }
}
