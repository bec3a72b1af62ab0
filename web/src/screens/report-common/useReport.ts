import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  readHoleRegister,
  readReport,
  readSetup,
  reportDocName,
  type ReportId,
  type ReportSnapshot,
} from '@plod/model';
import { useDocSnapshot, useDocument } from '../../sync';

export interface OpenReport {
  docName: string;
  report: ReportSnapshot;
  /** The device copy is still being read; show nothing as missing yet. */
  loading: boolean;
  /** Saved by a newer version of Plod: shown, never changed here. */
  newerSchema: boolean;
}

/** The report's snapshot, re-read after every change (local or from another phone). */
export function useReport(reportId: ReportId): OpenReport {
  const docName = reportDocName(reportId);
  const info = useDocument(docName);
  const report = useDocSnapshot(docName, readReport);
  return { docName, report, loading: info.status === 'loading', newerSchema: info.newerSchema };
}

/** Sites, rigs and crew members (read-only to crews). */
export function useSetup() {
  return useDocSnapshot(SETUP_DOC_NAME, readSetup);
}

/** Every registered hole. */
export function useHoleRegister() {
  return useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
}
