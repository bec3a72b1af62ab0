import { localIsoDay } from '@plod/model';
import { invoiceFilename } from '@plod/model/csv';
import { principalOf } from '../auth/principal.ts';
import { streamedDownload } from '../http/downloads.ts';
import { errors, jsonOk, resourceApp } from '../http/openapi.ts';
import { PlodFilterQuery, plodFilterOf } from '../http/plod-filter-query.ts';
import { invoiceCsvStream, invoiceXlsxStream } from '../money/invoice-export.ts';
import type { RestServices } from '../product/services.ts';
import { LIVE_STATUSES } from '../services/reports.ts';
import { addDownloadRoutes, addReportRoute } from './route-kinds.ts';

/** Charges are the contracts' prices put on plods (money/): derived, never stored. */
const tags = ['Contracts'];

/** GET /api/shift-summaries/{id}/charges. */
export function createPlodChargeRoutes(s: RestServices) {
  const app = resourceApp();
  addReportRoute(app, tags, {
    path: '/{id}/charges',
    summary: 'A plod’s charges, priced with the contract version in force on its date',
    description:
      'Lines (description, quantity, unit, rate and amount in cents) and their total. Derived, never stored. A crew device is refused (403) unless its site lets crews see prices; a client account reads its sites’ plods only.',
    responses: { 200: jsonOk('{ lines, totalCents, version }'), 404: errors[404] },
    run: async (c, report) => (await s.contracts.charges(principalOf(c), report)).charges,
  });
  return app;
}

/** GET /api/charges.csv and .xlsx: invoice lines for the list's filter. */
export function createInvoiceRoutes(s: RestServices) {
  const app = resourceApp();
  addDownloadRoutes(app, tags, {
    name: 'charges',
    summary: 'Invoice lines for the list’s filter',
    description: {
      csv: 'CHARGE LINES (one row per charge line of each plod), then TOTALS PER PLOD and TOTALS PER RIG. The list’s filter; every plod but deleted ones when no status is given. A client account: its sites only.',
      xlsx: 'Sheets "Charge lines" (one row per charge line), "Per plod" and "Per rig" (totals). Money in dollars with cents. The list’s filter; every plod but deleted ones when no status is given. A client account: its sites only.',
    },
    query: PlodFilterQuery,
    send: async (c, query, format) => {
      const filter = plodFilterOf(query);
      const statuses = filter.statuses?.length ? filter.statuses : LIVE_STATUSES;
      const pages = await s.contracts.pricedPages(principalOf(c), { ...filter, statuses });
      const filename = invoiceFilename(localIsoDay(new Date()), format);
      const stream = format === 'csv' ? invoiceCsvStream(pages) : await invoiceXlsxStream(pages);
      return streamedDownload(c, { filename, stream }, format);
    },
  });
  return app;
}
