import {
  REPORTS_INDEX_DOC_NAME,
  deleteReportsIndexRows,
  replaceReportsIndex,
  setReportsIndexRows,
} from '@plod/model';
import type { ReportsIndexRow, ShiftType } from '@plod/model';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import type { ReportRow } from './report-row.ts';

/**
 * The layout of the index's rows (`indexRowOf`): raise it when what a row holds changes, so the
 * next start rewrites every row rather than trusting an index recorded in the former layout.
 */
export const REPORTS_INDEX_FORMAT = 1;

/**
 * What the index is when it holds everything stored of it through `seq` (its document's highest
 * stored seq), in this layout: recorded beside the reports table when the two match
 * (ReportTable.recordIndexReflects).
 */
export function indexStamp(seq: number): string {
  return `format ${REPORTS_INDEX_FORMAT}, seq ${seq}`;
}

/** The index row of a projected report; site and rig are the names stored in the report. */
export function indexRowOf(row: ReportRow): ReportsIndexRow {
  return {
    id: row.id,
    status: row.status,
    siteId: row.siteId,
    rigId: row.rigId,
    site: row.siteName,
    rig: row.rigName,
    date: row.date,
    shiftType:
      row.shiftType === 'day' || row.shiftType === 'night' ? (row.shiftType as ShiftType) : null,
    operator: row.operator,
    metres: row.metres,
    hours: row.hours,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Keeps the reports index document in step with the projection table, through the document manager's
 * transact so every device with the index open sees the change live. Writes are chained so rows land
 * in the order the projection produced them; a failed write is logged, and the next change or
 * restart's reconcile repairs it.
 */
export class ReportsIndexHook {
  private chain: Promise<void> = Promise.resolve();
  private failures = 0;

  constructor(
    private readonly manager: DocumentManager,
    private readonly logger: Logger,
  ) {}

  /** After projecting rows: set each report's index row. */
  upserted(rows: readonly ReportRow[]): Promise<void> {
    const indexRows = rows.map(indexRowOf);
    return this.enqueue('upsert', (doc) => void setReportsIndexRows(doc, indexRows));
  }

  /** After cleanup removed reports: drop their rows. */
  deleted(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.enqueue('delete', (doc) => void deleteReportsIndexRows(doc, ids));
  }

  /** After a rebuild (or at start): the index holds exactly these reports. */
  replaced(rows: readonly ReportRow[]): Promise<void> {
    const indexRows = rows.map(indexRowOf);
    return this.enqueue('replace', (doc) => replaceReportsIndex(doc, indexRows));
  }

  /** Whether a write failed since this server started (the index may then lack a change). */
  get failed(): boolean {
    return this.failures > 0;
  }

  /** Resolves once every write queued so far has been stored. */
  idle(): Promise<void> {
    return this.chain;
  }

  private enqueue(what: string, change: Parameters<DocumentManager['transact']>[1]): Promise<void> {
    this.chain = this.chain
      .then(() => this.manager.transact(REPORTS_INDEX_DOC_NAME, change))
      .then(
        () => undefined,
        (error: unknown) => {
          this.failures += 1;
          this.logger.error('reports index write failed', { what, error });
        },
      );
    return this.chain;
  }
}
