import { reportDocName, type ReportId, type ReportsIndexRow } from '@plod/model';
import { useEffect } from 'react';
import { apiFetch, useAuth } from '../auth';
import { useKnownReportIds } from '../session/known-reports';
import { useConnection, useDownloaded, useSyncRuntime } from '../sync';
import { keepPlods } from '../sync/keep-plods';

/** Plods asked for in this app load (stored or not): each is asked for once per load at most. */
const asked = new Set<string>();

const docNameOf = (id: string) => reportDocName(id as ReportId);

/**
 * While online, a crew phone keeps on the phone the plods its list shows that are being filled in
 * and not on the phone yet (those it made or opened already are): one request for their states, in
 * the background once the list shows. Sent and approved plods come with Download Data.
 */
export function useKeepListedPlods(rows: readonly ReportsIndexRow[]): void {
  const runtime = useSyncRuntime();
  const auth = useAuth();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const known = useKnownReportIds();
  const wanted =
    auth.kind === 'device' && online
      ? rows
          .filter((row) => row.status === 'active')
          .map((row) => row.id)
          .filter(
            (id) => !asked.has(id) && !known.includes(id) && !runtime.downloaded.has(docNameOf(id)),
          )
      : [];
  const key = wanted.join(',');
  useEffect(() => {
    if (key === '') return;
    const ids = key.split(',');
    for (const id of ids) asked.add(id);
    keepPlods(runtime, ids, docNameOf, apiFetch).catch(() => {
      // No signal or no answer: these are asked for again on the next app load.
      for (const id of ids) asked.delete(id);
    });
  }, [key, runtime]);
}

/** Whether a listed plod opens on this phone with no signal (made, opened or kept here). */
export function useOnPhone(id: string): boolean {
  const known = useKnownReportIds();
  const kept = useDownloaded(docNameOf(id));
  return kept || known.includes(id);
}
