// @plod/model/csv: the shift report CSV export, shared by the web preview and the server download.
export { bundleToCsv, reportsToCsv, CSV_SECTION_TITLES, REPORT_MARKER } from './bundle-csv';
export type { CsvSectionTitle } from './bundle-csv';
export {
  csvFilename,
  siteExportFilename,
  CSV_FILENAME_PREFIX,
  UNKNOWN_SITE,
  UNKNOWN_RIG,
  UNKNOWN_SHIFT,
  UNKNOWN_DATE,
} from './filename';
export type { CsvFilenameSource } from './filename';
export { neutraliseFormula, CSV_LINE_END, MISSING_TEXT } from '../csv-cells/cells.ts';
export {
  SUMMARY_COLUMNS,
  summaryCsvHeader,
  summaryCsvLine,
  summaryFilename,
  summaryToCsv,
} from './summary-csv';
export type { PlodSummaryRow, SummaryValue } from './summary-csv';
export type { TableColumn } from './summary-csv';
export {
  PEOPLE_HOURS_COLUMNS,
  PEOPLE_HOURS_TITLE,
  PERSON_TOTALS_COLUMNS,
  PERSON_TOTALS_TITLE,
  peopleHoursFilename,
  peopleHoursRows,
  peopleHoursToCsv,
  personTotals,
} from './people-hours-csv';
export type { PeopleHoursRow, PersonTotalsRow } from './people-hours-csv';
export type { InvoiceLineRow, InvoicePlod, PlodChargeRow, RigChargeRow } from './invoice-csv';
export {
  INVOICE_LINE_COLUMNS,
  INVOICE_SECTION_TITLES,
  MONEY_FORMAT,
  PLOD_CHARGE_COLUMNS,
  RIG_CHARGE_COLUMNS,
  RigTotals,
  invoiceFilename,
  invoicePlod,
} from './invoice-csv';
export { tableCsvHeader, tableCsvLine } from './summary-csv';
