import type * as Y from 'yjs';
import type { Actor } from '../auth/principal.ts';
import type { ReportId, ShiftReportBundle } from '@plod/model';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import { filterFor } from './supervisor-desk.ts';
import { LIVE_STATUSES, type ReportService } from './reports.ts';

export type EntryList = Exclude<keyof ShiftReportBundle, 'shiftSummary'>;

/** A kind of report row (timesheet, survey, a part's rows) and its model mutations. */
export interface EntryKind<In, Patch> {
  what: string;
  list: EntryList;
  add(doc: Y.Doc, input: In): string;
  update(doc: Y.Doc, id: string, patch: Patch): void;
  remove(doc: Y.Doc, id: string): boolean;
  /** Fills what a body refers to from the setup document (a part's rest.fromSetup). */
  fromSetup?: (setup: Y.Doc, body: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

type Row = ShiftReportBundle[EntryList][number] & { shiftSummaryId: string };

/** Report-scoped rows: writes are transactions on the report document, reads come from it. */
export class ReportEntries<In, Patch> {
  constructor(
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
    readonly kind: EntryKind<In, Patch>,
  ) {}

  /** One report's rows (from the live document, so they include every acknowledged edit). */
  async ofReport(by: Actor, reportId: ReportId): Promise<Row[]> {
    const bundle = await this.reports.bundle(by, reportId);
    return rowsOf(bundle, this.kind.list);
  }

  /**
   * Rows of every report that is not deleted (for offline download), from the projection; only
   * its sites' for a client or a site's crew device.
   */
  async all(by: Actor): Promise<Row[]> {
    const bundles = await this.reports.bundles(filterFor(by, { statuses: LIVE_STATUSES }));
    return bundles.flatMap((bundle) => rowsOf(bundle, this.kind.list));
  }

  async add(by: Actor, reportId: ReportId, input: In): Promise<Row> {
    const body = await this.withSetup(input);
    const id = await this.docs.writeReport(by, reportId, (doc) => this.kind.add(doc, body));
    return this.one(by, reportId, id);
  }

  async update(by: Actor, reportId: ReportId, id: string, patch: Patch): Promise<Row> {
    const body = await this.withSetup(patch);
    await this.docs.writeReport(by, reportId, (doc) => this.kind.update(doc, id, body));
    return this.one(by, reportId, id);
  }

  async remove(by: Actor, reportId: ReportId, id: string) {
    const removed = await this.docs.writeReport(by, reportId, (doc) => this.kind.remove(doc, id));
    if (!removed) throw NotFoundError.of(this.kind.what, id);
    return { message: `${this.kind.what} deleted`, id };
  }

  /** The body with what it refers to filled from the setup document, when the kind asks for it. */
  private async withSetup<B>(body: B): Promise<B> {
    const { fromSetup } = this.kind;
    if (!fromSetup || typeof body !== 'object' || body === null) return body;
    const fields: Readonly<Record<string, unknown>> = Object.fromEntries(Object.entries(body));
    // The filled body is the same kind of body, its references' copies set.
    return (await this.docs.readSetup((setup) => fromSetup(setup, fields))) as B;
  }

  private async one(by: Actor, reportId: ReportId, id: string): Promise<Row> {
    const row = (await this.ofReport(by, reportId)).find((entry) => entry.id === id);
    if (!row) throw NotFoundError.of(this.kind.what, id);
    return row;
  }
}

function rowsOf(bundle: ShiftReportBundle, list: EntryList): Row[] {
  const shiftSummaryId = bundle.shiftSummary.id;
  const rows: readonly ShiftReportBundle[EntryList][number][] = bundle[list];
  return rows.map((row) => ({ ...row, shiftSummaryId }));
}
