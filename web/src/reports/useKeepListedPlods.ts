import { reportDocName, type ReportId, type ReportsIndexRow } from '@plod/model';
import { useEffect } from 'react';
import { useKnownReportIds } from '../session/known-reports';
import { downloadDocuments, useConnection, useSyncRuntime } from '../sync';

/** How long one plod may take to arrive before the next is tried (it is tried again next time). */
const KEEP_TIMEOUT_MS = 8000;

/**
 * While online, keeps on this phone every plod the list shows that is still being filled in, and
 * those this phone made or opened: each is fetched once (one at a time, as Download Data does) and
 * stored on the device, so a crew that loses signal can still open any of them.
 */
export function useKeepListedPlods(rows: readonly ReportsIndexRow[]): void {
  const runtime = useSyncRuntime();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const known = useKnownReportIds();
  const wanted = rows
    .filter((row) => row.status === 'active' || known.includes(row.id))
    .map((row) => reportDocName(row.id as ReportId))
    .filter((name) => !runtime.downloaded.has(name));
  const key = wanted.join(' ');
  useEffect(() => {
    if (!online || key === '') return;
    let stopped = false;
    void (async () => {
      for (const name of key.split(' ')) {
        if (stopped) return;
        await downloadDocuments(runtime, [name], () => {}, KEEP_TIMEOUT_MS);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [online, key, runtime]);
}
