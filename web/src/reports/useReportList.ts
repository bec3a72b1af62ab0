import { useMemo } from 'react';
import {
  classifyDocName,
  readReportsIndex,
  reportDocName,
  REPORTS_INDEX_DOC_NAME,
} from '@plod/model';
import type { ReportId, ReportsIndexRow } from '@plod/model';
import { useKnownReportIds } from '../session/known-reports';
import { useDocSnapshot, useDocSnapshots, useDocument, useUnsentDocNames } from '../sync';
import { localReportIds, mergeReportRows, readListRow } from './merge';

/**
 * Every report this device can show, newest first, live: the server's reports index (kept in step
 * with every device's changes) merged with the reports made or edited on this device.
 */
export function useReportList(): ReportsIndexRow[] {
  const index = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  // Until the device copy of the index is read (milliseconds), every known report would look
  // unlisted and be opened, each with its own socket: wait for it.
  const indexLoaded = useDocument(REPORTS_INDEX_DOC_NAME).status === 'ready';
  const known = useKnownReportIds();
  const unsentNames = useUnsentDocNames();
  const names = useMemo(() => {
    const unsent = unsentNames.flatMap((name) => {
      const kind = classifyDocName(name);
      return kind.kind === 'report' ? [kind.reportId] : [];
    });
    if (!indexLoaded) return [];
    return localReportIds(known, index, unsent).map((id) => reportDocName(id as ReportId));
  }, [known, index, unsentNames, indexLoaded]);
  const local = useDocSnapshots(names, readListRow);
  return useMemo(() => mergeReportRows(index, local), [index, local]);
}
