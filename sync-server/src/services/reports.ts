import { actorName, type Actor } from '../auth/principal.ts';
import { checkSiteAccess, checkSiteChoice } from '../auth/site-scope.ts';
import {
  PLOD_PARTS,
  REPORT_STATUSES,
  ReportIds,
  applyShiftSummaryUpdate,
  createReport,
  readReportMeta,
  readSetup,
  readShiftDetails,
  restoreReport,
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
import {
  bundleToCsv,
  csvFilename,
  peopleHoursFilename,
  peopleHoursRows,
  peopleHoursToCsv,
  reportsToCsv,
  siteExportFilename,
  summaryFilename,
} from '@plod/model/csv';
import type { PlodSummaryRow } from '@plod/model/csv';
import { peopleHoursXlsxStream, summaryCsvStream, summaryXlsxStream } from './summary-xlsx.ts';
import type { SummaryPages } from './summary-xlsx.ts';
import type * as Y from 'yjs';
import type { DocumentService } from './documents.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import type { Projector } from '../projections/projector.ts';
import type { ReportRow } from '../projections/report-row.ts';
import type { Page, ReportFilter } from '../projections/report-table.ts';
import type { ReferenceNames } from './reference.ts';
import { requireKnown } from './references.ts';
import { noteLastSavedRead } from '../read-state.ts';

/** Every status but deleted: the plods that count. */
export const LIVE_STATUSES: readonly ReportStatus[] = REPORT_STATUSES.filter(
  (s) => s !== 'deleted',
);

/** Reports that closed the shift: what a site's completed-reports list and export hold. */
export const COMPLETED_STATUSES: readonly ReportStatus[] = ['completed', 'sent', 'approved'];
export const NO_COMPLETED_REPORTS = 'No completed reports available for export';

/** A download made as it is sent. */
export interface StreamedFile {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** The pay period (shift dates, both ends included) and site of a people's hours export. */
export type PeopleHoursFilter = Pick<ReportFilter, 'from' | 'to' | 'siteId'>;

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

  /**
   * The projection brought up to date before a list reads it; while the store cannot write, read as
   * it stands (the answer says it is the last saved state).
   */
  private async projected(): Promise<void> {
    if (!(await this.projector.flushForRead())) noteLastSavedRead();
  }

  async list(filter: ReportFilter, page: Page) {
    await this.projected();
    const table = this.projector.table;
    const [rows, total, names] = await Promise.all([
      table.list(filter, page),
      table.count(filter),
      this.names.names(),
    ]);
    return { items: rows.map((row) => listItem(row, names)), total };
  }

  /** Per status: the count, metres and hours of the plods the filter lets through. */
  async totals(filter: ReportFilter) {
    await this.projected();
    return { statuses: await this.projector.table.totals(filter) };
  }

  /**
   * The deepest run of a hole in each plod not deleted that worked it (but `exceptReportId`), newest
   * plod first, from the projection (every acknowledged edit included).
   */
  async holeEnds(holeId: string, exceptReportId?: ReportId) {
    await this.projector.flush();
    return this.projector.table.holeEnds(holeId, exceptReportId);
  }

  /** Each hole's depth: its deepest run in any plod not deleted. */
  async holeDepths() {
    await this.projector.flush();
    return this.projector.table.holeDepths();
  }

  /** The report's shift summary with every derived value. */
  async get(id: ReportId) {
    const reference = await this.names.reference();
    return this.docs.readReport(id, (doc) => summaryOf(doc, toBundle(doc, reference)));
  }

  async create(by: Actor, body: ShiftSummaryUpdateDraft & { id?: ReportId }) {
    const { id = ReportIds.create(), ...fields } = body;
    checkSiteChoice(by, fields.siteId);
    const reference = await this.names.reference();
    requireReferences(fields, reference);
    requireRigOfSite(fields.siteId, fields.rigId, reference);
    await this.docs.createReport(by, id, (doc) => {
      createReport(doc, { id });
      applyShiftSummaryUpdate(doc, withNames(fields, reference));
    });
    return this.get(id);
  }

  async update(by: Actor, id: ReportId, body: ShiftSummaryUpdateDraft) {
    checkSiteChoice(by, body.siteId);
    const reference = await this.names.reference();
    requireReferences(body, reference);
    await this.docs.writeReport(by, id, (doc) => {
      // A rig alone moves the plod to another rig of its site; a site alone must suit its rig.
      if (body.siteId !== undefined || body.rigId !== undefined) {
        const shift = readShiftDetails(doc);
        requireRigOfSite(
          body.siteId === undefined ? shift.siteId : body.siteId,
          body.rigId === undefined ? shift.rigId : body.rigId,
          reference,
        );
      }
      applyShiftSummaryUpdate(doc, withNames(body, reference));
    });
    return this.get(id);
  }

  /** Soft delete: the report moves to the Deleted tab (cleanup removes it later). */
  async remove(by: Actor, id: ReportId) {
    await this.docs.writeReport(by, id, (doc) =>
      setStatus(doc, 'deleted', undefined, actorName(by)),
    );
    return { message: 'Shift summary deleted', id };
  }

  /**
   * Restore a deleted plod to the status it had when deleted (a supervisor's; the route table keeps
   * crews out). 409 unless it is deleted.
   */
  async restore(by: Actor, id: ReportId) {
    await this.docs.writeReport(by, id, (doc) => restoreReport(doc, undefined, actorName(by)));
    return this.get(id);
  }

  /**
   * The one-row-per-plod summary of every plod the filter lets through, newest first, a page at a
   * time as the caller reads it (an export of a year of plods never holds them all).
   */
  async summaryPages(filter: ReportFilter): Promise<SummaryPages> {
    await this.projected();
    const names = await this.names.names();
    const pages = this.projector.table.summaryPages(filter);
    return (async function* () {
      for await (const page of pages) yield page.map((row) => summaryRow(row, names));
    })();
  }

  async summaryCsv(filter: ReportFilter, today: string): Promise<StreamedFile> {
    const pages = await this.summaryPages(filter);
    return { filename: summaryFilename(today, 'csv'), stream: summaryCsvStream(pages) };
  }

  async summaryXlsx(filter: ReportFilter, today: string): Promise<StreamedFile> {
    const pages = await this.summaryPages(filter);
    return { filename: summaryFilename(today, 'xlsx'), stream: await summaryXlsxStream(pages) };
  }

  /** People's hours of a pay period as CSV: one row per person per shift, then each person's totals. */
  async peopleHoursCsv(filter: PeopleHoursFilter): Promise<CsvFile> {
    const rows = await this.peopleHoursRows(filter);
    return {
      filename: peopleHoursFilename(filter.from, filter.to, 'csv'),
      text: peopleHoursToCsv(rows),
    };
  }

  /** The same as XLSX: a sheet of rows and a sheet of totals. */
  async peopleHoursXlsx(filter: PeopleHoursFilter): Promise<StreamedFile> {
    const rows = await this.peopleHoursRows(filter);
    return {
      filename: peopleHoursFilename(filter.from, filter.to, 'xlsx'),
      stream: await peopleHoursXlsxStream(rows),
    };
  }

  /** Every plod of the period but deleted ones, one row per person per shift. */
  private async peopleHoursRows(filter: PeopleHoursFilter) {
    return peopleHoursRows(await this.bundles({ ...filter, statuses: LIVE_STATUSES }));
  }

  /** The plod's rows for `by` (403 another site's plod to a client or a site's crew device). */
  async bundle(by: Actor, id: ReportId): Promise<ShiftReportBundle> {
    const reference = await this.names.reference();
    return this.docs.readReport(id, (doc) => {
      checkSiteAccess(by, doc);
      return toBundle(doc, reference);
    });
  }

  async csv(by: Actor, id: ReportId): Promise<CsvFile> {
    const bundle = await this.bundle(by, id);
    return { filename: csvFilename(bundle.shiftSummary), text: bundleToCsv(bundle) };
  }

  /** Bundles of every projected report matching the filter, newest first, with current names. */
  async bundles(filter: ReportFilter): Promise<ShiftReportBundle[]> {
    await this.projected();
    const names = await this.names.names();
    const rows = await this.projector.table.all(filter);
    return rows.map((row) =>
      this.names.overlay(withPartLists(JSON.parse(row.bundle) as ShiftReportBundle), names),
    );
  }

  /**
   * The holes a bit was ever changed on, and the bundles (newest first, with current names) of the
   * plods the filter lets through that touch those holes: the plods a bit's metres are read from.
   */
  async bitBundles(
    bitSerial: string,
    filter: ReportFilter,
  ): Promise<{ holeIds: string[]; bundles: ShiftReportBundle[] }> {
    await this.projected();
    const names = await this.names.names();
    const { holeIds, rows } = await this.projector.table.bitPlods(bitSerial, filter);
    return {
      holeIds,
      bundles: rows.map((row) =>
        this.names.overlay(withPartLists(JSON.parse(row.bundle) as ShiftReportBundle), names),
      ),
    };
  }

  /** The bundles of every plod the filter lets through, newest first, a page at a time. */
  async bundlePages(filter: ReportFilter): Promise<AsyncGenerator<ShiftReportBundle[], void>> {
    await this.projected();
    const names = await this.names.names();
    const pages = this.projector.table.bundlePages(filter);
    const overlay = (row: { bundle: string }) =>
      this.names.overlay(withPartLists(JSON.parse(row.bundle) as ShiftReportBundle), names);
    return (async function* () {
      for await (const page of pages) yield page.map(overlay);
    })();
  }

  /** The site's completed plods, narrowed by `filter` (its statuses, if any, replace completed ones). */
  async completedOfSite(siteId: string, filter: ReportFilter = {}) {
    await this.requireSite(siteId);
    const bundles = await this.bundles(siteFilter(siteId, filter));
    return bundles.map((bundle) => bundle.shiftSummary);
  }

  /** The site's export (an archived site's too), narrowed by `filter` like `completedOfSite`. */
  async siteCsv(siteId: string, today: string, filter: ReportFilter = {}): Promise<CsvFile> {
    const siteName = await this.requireSite(siteId);
    const bundles = await this.bundles(siteFilter(siteId, filter));
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

function siteFilter(siteId: string, filter: ReportFilter): ReportFilter {
  const statuses =
    filter.statuses && filter.statuses.length > 0 ? filter.statuses : COMPLETED_STATUSES;
  return { ...filter, status: undefined, siteId, statuses };
}

function summaryRow(row: ReportRow, names: Map<string, string>): PlodSummaryRow {
  const shiftType = row.shiftType === 'day' || row.shiftType === 'night' ? row.shiftType : null;
  return {
    date: row.date,
    shiftType,
    site: (row.siteId && names.get(row.siteId)) || row.siteName,
    rig: (row.rigId && names.get(row.rigId)) || row.rigName,
    driller: row.operator,
    metres: row.metres,
    hours: row.hours,
    holes: row.holes,
    status: row.status,
    approvedBy: row.approvedBy,
  };
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
    /** Why a supervisor reopened the plod after approving it, or null. */
    reopenReason: meta.reopenReason,
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

/** Who reads a plod comes from its site; a rig of another site would show it to the wrong people. */
function requireRigOfSite(
  siteId: string | null | undefined,
  rigId: string | null | undefined,
  reference: Awaited<ReturnType<ReferenceNames['reference']>>,
): void {
  if (!rigId || !siteId) return;
  const rig = reference.rigs.find((r) => r.id === rigId);
  if (rig && rig.siteId !== siteId) {
    const site = reference.sites.find((s) => s.id === siteId)?.siteName ?? siteId;
    throw new InvalidInputError(`Rig ${rig.rigName} is not a rig of site ${site}`);
  }
}

/**
 * A projected bundle with a list for every part: a row projected before a part existed (bit
 * changes, say) has none, and reads as that part's empty list until its plod is projected again.
 */
function withPartLists(bundle: ShiftReportBundle): ShiftReportBundle {
  const lists: Partial<ShiftReportBundle> = bundle;
  const missing = PLOD_PARTS.filter((part) => lists[part.bundleList] === undefined);
  return missing.length === 0
    ? bundle
    : { ...bundle, ...Object.fromEntries(missing.map((part) => [part.bundleList, []])) };
}
