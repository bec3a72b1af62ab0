import type { Actor } from '../auth/principal.ts';
import {
  REPORT_STATUSES,
  ReportIds,
  applyShiftSummaryUpdate,
  createReport,
  readReportMeta,
  readSetup,
  readShiftDetails,
  setStatus,
  toBundle,
} from '@plod/model';
import type {
  BundleReference,
  ReportId,
  ReportStatus,
  ShiftReportBundle,
  ShiftSummaryUpdateDraft,
} from '@plod/model';
import { bundleToCsv, csvFilename, reportsToCsv, siteExportFilename } from '@plod/model/csv';
import type * as Y from 'yjs';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import type { Projector } from '../projections/projector.ts';
import type { ReportRow } from '../projections/report-row.ts';
import type { Page, ReportFilter } from '../projections/report-table.ts';
import type { ReferenceNames } from './reference.ts';
import { requireKnown } from './references.ts';

/** Reports that closed the shift: what a site's completed-reports list and export hold. */
/** Every status but deleted: the plods that count. */
export const LIVE_STATUSES: readonly ReportStatus[] = REPORT_STATUSES.filter(
  (s) => s !== 'deleted',
);

export const COMPLETED_STATUSES: readonly ReportStatus[] = ['completed', 'sent', 'approved'];
export const NO_COMPLETED_REPORTS = 'No completed reports available for export';

export interface CsvFile {
  filename: string;
  text: string;
}

/** Shift summaries: single reports from the live documents, lists and exports from the projection. */
export class ReportService {
  constructor(
    private readonly docs: DocumentService,
    private readonly projector: Projector,
    readonly names: ReferenceNames,
  ) {}

  async list(filter: ReportFilter, page: Page) {
    await this.projector.flush();
    const table = this.projector.table;
    const [rows, total, names] = [
      table.list(filter, page),
      table.count(filter),
      await this.names.names(),
    ];
    return { items: rows.map((row) => listItem(row, names)), total };
  }

  /** The report's shift summary with every derived value. */
  async get(id: ReportId) {
    const reference = await this.names.reference();
    return this.docs.readReport(id, (doc) => summaryOf(doc, toBundle(doc, reference)));
  }

  async create(by: Actor, body: ShiftSummaryUpdateDraft & { id?: ReportId }) {
    const { id = ReportIds.create(), ...fields } = body;
    const reference = await this.names.reference();
    requireReferences(fields, reference);
    await this.docs.createReport(by, id, (doc) => {
      createReport(doc, { id });
      applyShiftSummaryUpdate(doc, withNames(fields, reference));
    });
    return this.get(id);
  }

  async update(by: Actor, id: ReportId, body: ShiftSummaryUpdateDraft) {
    const reference = await this.names.reference();
    requireReferences(body, reference);
    await this.docs.writeReport(by, id, (doc) =>
      applyShiftSummaryUpdate(doc, withNames(body, reference)),
    );
    return this.get(id);
  }

  /** Soft delete: the report moves to the Deleted tab (cleanup removes it later). */
  async remove(by: Actor, id: ReportId) {
    await this.docs.writeReport(by, id, (doc) => setStatus(doc, 'deleted'));
    return { message: 'Shift summary deleted', id };
  }

  async bundle(id: ReportId): Promise<ShiftReportBundle> {
    const reference = await this.names.reference();
    return this.docs.readReport(id, (doc) => toBundle(doc, reference));
  }

  async csv(id: ReportId): Promise<CsvFile> {
    const bundle = await this.bundle(id);
    return { filename: csvFilename(bundle.shiftSummary), text: bundleToCsv(bundle) };
  }

  /** Bundles of every projected report matching the filter, newest first, with current names. */
  async bundles(filter: ReportFilter): Promise<ShiftReportBundle[]> {
    await this.projector.flush();
    const names = await this.names.names();
    return this.projector.table
      .all(filter)
      .map((row) => this.names.overlay(JSON.parse(row.bundle) as ShiftReportBundle, names));
  }

  async completedOfSite(siteId: string) {
    await this.requireSite(siteId);
    const bundles = await this.bundles({ siteId, statuses: COMPLETED_STATUSES });
    return bundles.map((bundle) => bundle.shiftSummary);
  }

  async siteCsv(siteId: string, today: string): Promise<CsvFile> {
    const siteName = await this.requireSite(siteId);
    const bundles = await this.bundles({ siteId, statuses: COMPLETED_STATUSES });
    if (bundles.length === 0) throw new NotFoundError(NO_COMPLETED_REPORTS);
    return { filename: siteExportFilename(siteName, today), text: reportsToCsv(bundles) };
  }

  private async requireSite(siteId: string): Promise<string> {
    const site = await this.docs.readSetup((doc) =>
      readSetup(doc).sites.find((s) => s.id === siteId),
    );
    if (!site) throw NotFoundError.of('Site', siteId);
    return site.siteName;
  }
}

function summaryOf(doc: Y.Doc, bundle: ShiftReportBundle) {
  const meta = readReportMeta(doc);
  const shift = readShiftDetails(doc);
  return {
    ...bundle.shiftSummary,
    startTime: shift.startTime,
    endTime: shift.endTime,
    updatedAt: meta.updatedAt,
    deletedAt: meta.status === 'deleted' ? meta.updatedAt : null,
  };
}

/** Keeps the chosen site and rig names in the report, so it reads well without the setup document. */
function withNames(
  body: ShiftSummaryUpdateDraft,
  reference: Awaited<ReturnType<ReferenceNames['reference']>>,
): ShiftSummaryUpdateDraft {
  const siteName = body.siteId
    ? reference.sites?.find((s) => s.id === body.siteId)?.siteName
    : undefined;
  const rigName = body.rigId
    ? reference.rigs?.find((r) => r.id === body.rigId)?.rigName
    : undefined;
  return { ...body, siteName: body.siteName ?? siteName, rigName: body.rigName ?? rigName };
}

function listItem(row: ReportRow, names: Map<string, string>) {
  return {
    id: row.id,
    status: row.status,
    date: row.date,
    shiftType: row.shiftType,
    operator: row.operator,
    siteId: row.siteId,
    site: (row.siteId && names.get(row.siteId)) || row.siteName,
    rigId: row.rigId,
    rig: (row.rigId && names.get(row.rigId)) || row.rigName,
    totalDepthDrilled: row.metres,
    hoursWorked: row.hours,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    deletedAt: row.deletedAt,
  };
}

/** The site and rig a report body names must exist. */
function requireReferences(
  body: Pick<ShiftSummaryUpdateDraft, 'siteId' | 'rigId'>,
  reference: BundleReference,
): void {
  requireKnown('site', body.siteId, reference.sites ?? []);
  requireKnown('rig', body.rigId, reference.rigs ?? []);
}
