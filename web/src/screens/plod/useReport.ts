import { isReportReadOnly, readReport, type ReportSnapshot } from '@plod/model';
import { useDocSnapshot, useDocument } from '../../sync';

export interface ReportView {
  report: ReportSnapshot;
  /** The device copy is still being read from IndexedDB. */
  loading: boolean;
  /**
   * Completed, sent, approved or deleted, or saved by a newer version of Plod: the screen shows data
   * but offers no edits.
   */
  readOnly: boolean;
  /** Saved by a newer version of Plod (the plod's gate shows why it is read-only). */
  newerSchema: boolean;
}

/** A report's snapshot, whether it is still loading, and whether it may be changed. */
export function useReportView(docName: string): ReportView {
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  return {
    report,
    loading: info.status === 'loading',
    readOnly: isReportReadOnly(report.status) || info.newerSchema,
    newerSchema: info.newerSchema,
  };
}
