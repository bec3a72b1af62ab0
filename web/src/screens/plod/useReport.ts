import {
  isReportId,
  isReportReadOnly,
  readReport,
  reportDocName,
  type ReportSnapshot,
} from '@plod/model';
import { useCurrentReportId } from '../../session/current-report';
import { useDocSnapshot, useDocument } from '../../sync';

/** The document name of a report id, or null when there is no (valid) id. */
export function reportDocNameOf(id: string | null | undefined): string | null {
  return id && isReportId(id) ? reportDocName(id) : null;
}

/** The current report's document name (the report id-less screens act on), or null. */
export function useCurrentReportDoc(): string | null {
  return reportDocNameOf(useCurrentReportId());
}

export interface ReportView {
  report: ReportSnapshot;
  /** The device copy is still being read from IndexedDB. */
  loading: boolean;
  /** Completed, sent or deleted: the screen shows data but offers no edits. */
  readOnly: boolean;
}

/** A report's snapshot, whether it is still loading, and whether it may be changed. */
export function useReportView(docName: string): ReportView {
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  return {
    report,
    loading: info.status === 'loading',
    readOnly: isReportReadOnly(report.status),
  };
}
