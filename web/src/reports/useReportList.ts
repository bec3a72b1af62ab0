import { useEffect, useMemo, useState } from 'react';
import {
  classifyDocName,
  readReportsIndex,
  reportDocName,
  REPORTS_INDEX_DOC_NAME,
} from '@plod/model';
import type { ReportId, ReportsIndexRow } from '@plod/model';
import { useKnownReportIds } from '../session/known-reports';
import { useDocSnapshot, useDocSnapshots, useDocument, useUnsentDocNames } from '../sync';
import type { readListRow } from './list-row';
import { localReportIds, mergeReportRows } from './merge';

// Reading a report's own document needs the model's zod-checked readers, the bulk of the list's
// JavaScript. The index alone needs none of it, so that code loads only when a device-only or
// unsent report is there to read, and the list paints from the index meanwhile.
type RowReader = typeof readListRow;
let rowReader: RowReader | null = null;
let rowReaderLoad: Promise<RowReader> | null = null;
const loadRowReader = () =>
  (rowReaderLoad ??= import('./list-row').then((m) => (rowReader = m.readListRow)));
const noRows: readonly string[] = [];
const noRow = (): ReportsIndexRow | null => null;

/**
 * Every report this device can show, newest first, live: the server's reports index (kept in step
 * with every device's changes) merged with the reports made or edited on this device.
 */
export function useReportList(): ReportsIndexRow[] {
  const index = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  // Until the device copy of the index is read (milliseconds), every known report would look
  // unlisted and be opened, each with its own socket: wait for it.
  const indexLoaded = useDocument(REPORTS_INDEX_DOC_NAME).status === 'ready';
  return useWithLocalReports(index, indexLoaded);
}

/**
 * The index's rows merged with the reports made or edited on this device. `indexLoaded`: the
 * device copy of the index has been read (until then no local report is read).
 */
export function useWithLocalReports(
  index: readonly ReportsIndexRow[],
  indexLoaded: boolean,
): ReportsIndexRow[] {
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
  const [reader, setReader] = useState<RowReader | null>(() => rowReader);
  const needReader = names.length > 0 && reader === null;
  useEffect(() => {
    if (!needReader) return;
    let live = true;
    void loadRowReader().then((loaded) => {
      if (live) setReader(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [needReader]);
  const local = useDocSnapshots(reader ? names : noRows, reader ?? noRow);
  return useMemo(() => mergeReportRows(index, local), [index, local]);
}
