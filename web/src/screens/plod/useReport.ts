import { readReport, type ReportSnapshot } from '@plod/model';
import { useDocSnapshot, useDocument } from '../../sync';
import { canEditPlod, useEditor } from './access';

export interface ReportView {
  report: ReportSnapshot;
  /** The device copy is still being read from IndexedDB. */
  loading: boolean;
  /**
   * This device may not change the plod now (see canEditPlod), or a newer version of Plod saved it:
   * the screen shows it and offers no edits.
   */
  readOnly: boolean;
  /** Saved by a newer version of Plod (the plod's gate shows why it is read-only). */
  newerSchema: boolean;
}

/** A report's snapshot, whether it is still loading, and whether this device may change it. */
export function useReportView(docName: string): ReportView {
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  const editor = useEditor();
  return {
    report,
    loading: info.status === 'loading',
    readOnly: !canEditPlod(report.status, editor) || info.newerSchema,
    newerSchema: info.newerSchema,
  };
}
