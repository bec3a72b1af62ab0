import { indexRowFromListItem, readReport, reportSummary } from '@plod/model';
import type { ReportsIndexRow } from '@plod/model';

// Reading a whole report document needs the model's zod-checked readers; useReportList loads this
// module only once there is a device-only report to read (the index alone needs none of it).

type ReportDoc = Parameters<typeof readReport>[0];

/** A report document as a list row, or null while the document holds no report (not loaded yet). */
export function readListRow(doc: ReportDoc): ReportsIndexRow | null {
  const snapshot = readReport(doc);
  if (snapshot.id === null) return null;
  return indexRowFromListItem({ ...reportSummary(snapshot), id: snapshot.id });
}
