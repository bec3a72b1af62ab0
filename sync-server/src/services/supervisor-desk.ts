import * as Y from 'yjs';
import {
  approveReport,
  chargesSheetTable,
  classifyDocName,
  plodSheet,
  readReport,
  readShiftDetails,
  reopenReport,
  returnReport,
  toBundle,
} from '@plod/model';
import { csvFilename } from '@plod/model/csv';
import { renderPlodPdf } from '../pdf/plod-pdf.ts';
import type { PdfImages } from '../pdf/plod-pdf.ts';
import type { AttachmentStore } from '../attachments/attachment-store.ts';
import type { ChargeableBundle, PlodCharges, ReportId, ReportSnapshot } from '@plod/model';
import type { Principal } from '../auth/principal.ts';
import { actorName } from '../auth/principal.ts';
import { checkSiteAccess, siteScopeOf } from '../auth/site-scope.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import type { DocumentService } from './documents.ts';
import type { ReportFilter } from '../projections/report-table.ts';
import type { ReportService } from './reports.ts';

export { OTHER_SITE, OTHER_SITE_DEVICE, checkSiteAccess } from '../auth/site-scope.ts';

/** A list filter narrowed to the principal's sites (`siteScopeOf`; anyone else's filter as given). */
export function filterFor(principal: Principal | null, filter: ReportFilter): ReportFilter {
  const scope = siteScopeOf(principal);
  if (scope === null) return filter;
  if (filter.siteId !== undefined && !scope.includes(filter.siteId)) {
    // A site the account was not given: nothing, as if it had no plods.
    return { ...filter, siteIds: [] };
  }
  return { ...filter, siteIds: scope };
}

/** Prices a plod for a reader, or null where its prices are hidden from them (`ContractService`). */
export interface PlodPrices {
  chargesShownTo(
    principal: Principal | null,
    bundle: ChargeableBundle,
  ): Promise<PlodCharges | null>;
}

/**
 * Approving and returning submitted plods (supervisors, and client accounts for their sites), and
 * what a client account may read. Each change is one transaction on the live document, so the
 * crew's phones see the new status (and the return comment) as soon as they sync.
 */
export class SupervisorDeskService {
  constructor(
    private readonly docs: DocumentService,
    private readonly reports: ReportService,
    /** Where the plod's photos are read from for the PDF (none: the PDF lists them without images). */
    private readonly attachments: Pick<AttachmentStore, 'get'> | null = null,
    /** Prices the PDF's Charges table for its reader (none: the PDF has no charges). */
    private readonly prices: PlodPrices | null = null,
  ) {}

  /** The site of a report document, or null (no site yet, or no such report). */
  async siteOfDoc(docName: string): Promise<string | null> {
    const named = classifyDocName(docName);
    if (named.kind !== 'report') return null;
    try {
      return await this.docs.readReport(named.reportId, (doc) => readShiftDetails(doc).siteId);
    } catch (error) {
      // No such report yet: a new plod, with no site. Any other failure is no answer at all (a
      // site's crew device must not be let in because the site could not be read).
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The whole plod for `principal`: 404 unknown, 403 a client's other sites. */
  snapshot(principal: Principal | null, id: ReportId): Promise<ReportSnapshot> {
    return this.docs.readReport(id, (doc) => {
      checkSiteAccess(principal, doc);
      return readReport(doc);
    });
  }

  /**
   * Each plod's whole Yjs state as one update (what a phone stores so the plod opens with no
   * signal), read one at a time. A plod that does not exist, or that `principal` may not read (a
   * client account and another site's plod), is listed in `missing` rather than failing the rest.
   */
  async states(
    principal: Principal | null,
    ids: readonly ReportId[],
  ): Promise<{ states: { id: ReportId; update: Uint8Array }[]; missing: ReportId[] }> {
    const states: { id: ReportId; update: Uint8Array }[] = [];
    const missing: ReportId[] = [];
    for (const id of ids) {
      try {
        const update = await this.docs.readReport(id, (doc) => {
          checkSiteAccess(principal, doc);
          return Y.encodeStateAsUpdate(doc);
        });
        states.push({ id, update });
      } catch (error) {
        if (!(error instanceof NotFoundError) && !(error instanceof ForbiddenError)) throw error;
        missing.push(id);
      }
    }
    return { states, missing };
  }

  /**
   * The plod as a PDF, named as its CSV is (with .pdf). Its Charges table is drawn for a reader
   * who may see the plod's prices, when a contract version is in force on its date.
   */
  async pdf(
    principal: Principal | null,
    id: ReportId,
  ): Promise<{ filename: string; bytes: Buffer }> {
    const reference = await this.reports.names.reference();
    const { snapshot, bundle } = await this.docs.readReport(id, (doc) => {
      checkSiteAccess(principal, doc);
      return { snapshot: readReport(doc), bundle: toBundle(doc, reference) };
    });
    const filename = csvFilename(bundle.shiftSummary).replace(/\.csv$/, '.pdf');
    const names = await this.reports.names.names();
    const lookup = (key: string) => names.get(key) ?? null;
    const sheet = plodSheet(snapshot, { names: { siteName: lookup, rigName: lookup } });
    const charges = this.prices ? await this.prices.chargesShownTo(principal, bundle) : null;
    return {
      filename,
      bytes: await renderPlodPdf(sheet, await this.photoImages(sheet.photos), {
        charges: charges === null ? null : chargesSheetTable(charges),
      }),
    };
  }

  /** The stored bytes of each photo the plod names (one not uploaded yet is left out). */
  private async photoImages(photos: readonly { attachmentId: string }[]): Promise<PdfImages> {
    const images = new Map<string, { data: Uint8Array; contentType: string }>();
    if (!this.attachments) return images;
    for (const { attachmentId } of photos) {
      const found = await this.attachments.get(attachmentId);
      if (found) images.set(attachmentId, { data: found.data, contentType: found.contentType });
    }
    return images;
  }

  async approve(principal: Principal, id: ReportId) {
    await this.docs.writeReport(principal, id, (doc) => {
      checkSiteAccess(principal, doc);
      approveReport(doc, actorName(principal));
    });
    return this.reports.get(id);
  }

  async return(principal: Principal, id: ReportId, comment: string) {
    await this.docs.writeReport(principal, id, (doc) => {
      checkSiteAccess(principal, doc);
      returnReport(doc, comment, actorName(principal));
    });
    return this.reports.get(id);
  }

  /** Reopens an approved plod with a reason (supervisors): it is submitted again. */
  async reopen(principal: Principal, id: ReportId, reason: string) {
    await this.docs.writeReport(
      principal,
      id,
      (doc) => reopenReport(doc, reason, actorName(principal)),
      { reopen: true },
    );
    return this.reports.get(id);
  }
}
