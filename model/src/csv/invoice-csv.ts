// Invoice lines: one row per charge line of each plod, then totals per plod and per rig, the same
// columns in the CSV and the XLSX (`TableColumn`).
import type { ReportStatus } from '../kernel/status';
import type { ShiftReportBundle } from '../bundle/bundle';
import type { ChargeLine, PlodCharges } from '../charges/charges';
import { formatCents } from '../charges/contract';
import { plainNumberCell, textCell } from '../csv-cells/cells';
import { CSV_FILENAME_PREFIX } from './filename';
import type { TableColumn } from './summary-csv';
import { SHIFT_LABEL } from './summary-csv';

/** What names a plod on its rows. */
export interface InvoicePlod {
  date: string | null;
  shift: string | null;
  site: string | null;
  rig: string | null;
  plodId: string;
  status: ReportStatus;
  /** The effective date of the contract version that priced it. */
  contractFrom: string | null;
}

export interface InvoiceLineRow extends InvoicePlod {
  line: ChargeLine;
}

export interface PlodChargeRow extends InvoicePlod {
  lines: number;
  totalCents: number;
}

export interface RigChargeRow {
  site: string | null;
  rig: string | null;
  plods: number;
  totalCents: number;
}

/** Money in a spreadsheet: dollars with cents. */
export const MONEY_FORMAT = '#,##0.00';

const dollars = (cents: number) => cents / 100;
/** Cents as "1234.56" (no thousands separators: a CSV number). */
const centsCell = (cents: number) => formatCents(cents).replace(/,/g, '');

export function invoicePlod(bundle: ShiftReportBundle, charges: PlodCharges): InvoicePlod {
  const s = bundle.shiftSummary;
  return {
    date: s.date,
    shift: s.shiftType ? SHIFT_LABEL[s.shiftType] : null,
    site: s.site,
    rig: s.rig,
    plodId: s.id,
    status: s.status,
    contractFrom: charges.version?.effectiveFrom ?? null,
  };
}

const plodColumns = <Row extends InvoicePlod>(): TableColumn<Row>[] => [
  { header: 'Date', value: (r) => r.date, cell: (r) => textCell(r.date) },
  { header: 'Shift', value: (r) => r.shift, cell: (r) => textCell(r.shift) },
  { header: 'Site', value: (r) => r.site, cell: (r) => textCell(r.site) },
  { header: 'Rig', value: (r) => r.rig, cell: (r) => textCell(r.rig) },
  { header: 'Plod ID', value: (r) => r.plodId, cell: (r) => textCell(r.plodId) },
  { header: 'Status', value: (r) => r.status, cell: (r) => textCell(r.status) },
  {
    header: 'Contract from',
    value: (r) => r.contractFrom,
    cell: (r) => textCell(r.contractFrom),
  },
];

const money = <Row>(header: string, cents: (row: Row) => number): TableColumn<Row> => ({
  header,
  value: (r) => dollars(cents(r)),
  cell: (r) => centsCell(cents(r)),
  numberFormat: MONEY_FORMAT,
});

export const INVOICE_LINE_COLUMNS: readonly TableColumn<InvoiceLineRow>[] = [
  ...plodColumns<InvoiceLineRow>(),
  {
    header: 'Description',
    value: (r) => r.line.description,
    cell: (r) => textCell(r.line.description),
  },
  {
    header: 'Quantity',
    value: (r) => r.line.quantity,
    cell: (r) => plainNumberCell(r.line.quantity),
    numberFormat: '0.###',
  },
  { header: 'Unit', value: (r) => r.line.unit, cell: (r) => textCell(r.line.unit) },
  money('Rate', (r) => r.line.rateCents),
  money('Amount', (r) => r.line.amountCents),
];

export const PLOD_CHARGE_COLUMNS: readonly TableColumn<PlodChargeRow>[] = [
  ...plodColumns<PlodChargeRow>(),
  {
    header: 'Lines',
    value: (r) => r.lines,
    cell: (r) => plainNumberCell(r.lines),
    numberFormat: '0',
  },
  money('Total', (r) => r.totalCents),
];

export const RIG_CHARGE_COLUMNS: readonly TableColumn<RigChargeRow>[] = [
  { header: 'Site', value: (r) => r.site, cell: (r) => textCell(r.site) },
  { header: 'Rig', value: (r) => r.rig, cell: (r) => textCell(r.rig) },
  {
    header: 'Plods',
    value: (r) => r.plods,
    cell: (r) => plainNumberCell(r.plods),
    numberFormat: '0',
  },
  money('Total', (r) => r.totalCents),
];

export const INVOICE_SECTION_TITLES = {
  lines: 'CHARGE LINES',
  plods: 'TOTALS PER PLOD',
  rigs: 'TOTALS PER RIG',
} as const;

/** Sums plods' totals per site and rig, in site then rig order. */
export class RigTotals {
  private readonly rigs = new Map<string, RigChargeRow>();

  add(plod: Pick<InvoicePlod, 'site' | 'rig'>, totalCents: number): void {
    const key = `${plod.site ?? ''}\u0000${plod.rig ?? ''}`;
    const row = this.rigs.get(key) ?? { site: plod.site, rig: plod.rig, plods: 0, totalCents: 0 };
    row.plods += 1;
    row.totalCents += totalCents;
    this.rigs.set(key, row);
  }

  rows(): RigChargeRow[] {
    return [...this.rigs.values()].sort(
      (a, b) =>
        (a.site ?? '').localeCompare(b.site ?? '') || (a.rig ?? '').localeCompare(b.rig ?? ''),
    );
  }
}

/** `PLOD_Invoice_Lines_<YYYY-MM-DD>.csv` (or .xlsx), named for the day it was made. */
export function invoiceFilename(isoDay: string, extension: 'csv' | 'xlsx'): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? isoDay : 'UnknownDate';
  return `${CSV_FILENAME_PREFIX}_Invoice_Lines_${day}.${extension}`;
}
