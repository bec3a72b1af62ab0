import {
  REPORTS_INDEX_DOC_NAME,
  readReportsIndex,
  type ReportStatus,
  type ReportsIndexRow,
} from '@plod/model';
import { useCallback, useEffect, useState } from 'react';
import { useLaterDocSnapshot, type DocInfo } from '../sync';
import { pageOf, type Paged } from './filter';
import {
  useServerPlods,
  type ServerPlodsQuery,
  type ServerPlodsState,
  type StatusTotals,
} from './server-page';

export interface PlodSource {
  /** Every row of the reports index, once the list reads it (live); null while it does not. */
  index: ReportsIndexRow[] | null;
  /** The index document's state, once it is open. */
  indexInfo: DocInfo | null;
  /** The server's page meanwhile. */
  server: ServerPlodsState;
  /** Opens the index: call it once the server's page is on screen (see `AfterPaint`). */
  openIndex: () => void;
}

/** How long a list waits for the server's page before it reads the index anyway. */
const SERVER_PAGE_PATIENCE_MS = 3000;

/**
 * Where a plod list's rows come from. The reports index holds every plod and follows every change,
 * on the device and offline, but with thousands of plods reading it (synced whole on a first visit,
 * read from IndexedDB on a reload) takes the main thread for most of a second. So, online and with
 * `serverFirst`, the first page comes from the server's filtered REST list, the index is opened
 * just after that page has painted, and the list switches to it once it has caught up with the
 * server (or the server cannot be reached); from then on it stays on the index. The screen says when
 * its page is on screen (`openIndex`, from `AfterPaint` beside the rows, so lazily loaded parts of
 * the page count too). Offline, or
 * without `serverFirst` (a crew phone, whose list also holds plods only it has), it reads the index
 * from the start, as before. With `indexAfterPaint` (a crew phone, whose list paints from its own
 * rows, see reports/phone-rows.ts) the index opens just after that first paint, as with `serverFirst`.
 */
export function usePlodSource(
  query: ServerPlodsQuery,
  options: { online: boolean; serverFirst: boolean; indexAfterPaint?: boolean },
): PlodSource {
  const serverFirst = options.serverFirst && options.online;
  const afterPaint = !serverFirst && (options.indexAfterPaint ?? false);
  const [indexOpen, setIndexOpen] = useState(!serverFirst && !afterPaint);
  const [indexInUse, setIndexInUse] = useState(!serverFirst);
  const later = useLaterDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex, indexOpen);
  const server = useServerPlods(query, serverFirst && !indexInUse);
  const failed = server.kind === 'failed';
  const caughtUp =
    later !== null &&
    later.info.status === 'ready' &&
    (later.info.serverSynced || !options.online || failed);
  // Adjusting state while rendering (React's pattern for state derived from other state): no
  // render shows the server page once the index may be read.
  if ((caughtUp || !serverFirst) && !indexInUse) setIndexInUse(true);
  if ((failed || (!serverFirst && !afterPaint)) && !indexOpen) setIndexOpen(true);
  useEffect(() => {
    if (indexOpen) return;
    const timer = setTimeout(() => setIndexOpen(true), SERVER_PAGE_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [indexOpen]);
  const openIndex = useCallback(() => setIndexOpen(true), []);
  return {
    index: indexInUse && later ? later.value : null,
    indexInfo: later?.info ?? null,
    server,
    openIndex,
  };
}

/**
 * Runs `run` once it is on screen, just after the browser has painted: put it beside a list's rows
 * (inside their Suspense boundary, which shows nothing of it until every part has loaded).
 */
export function AfterPaint({ run }: { run: () => void }) {
  useEffect(() => {
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [run]);
  return null;
}

/** The server's page while it shows (or the last one while the next is on its way), else null. */
export function serverPlods(source: PlodSource) {
  const { server } = source;
  if (source.index !== null) return null;
  if (server.kind === 'shown') return server.plods;
  if (server.kind === 'loading') return server.last;
  return null;
}

/** Adds up the server's totals of some statuses (all of them without a list). */
export function sumStatuses(
  statuses: readonly StatusTotals[],
  only?: readonly ReportStatus[],
): { count: number; metres: number; hours: number } {
  const sum = { count: 0, metres: 0, hours: 0 };
  for (const line of statuses) {
    if (only && !only.includes(line.status)) continue;
    sum.count += line.count;
    sum.metres += line.metres;
    sum.hours += line.hours;
  }
  return sum;
}

/** A page of the index's rows, or the server's page, or null while neither is there. */
export function pageFrom(
  source: PlodSource,
  rows: readonly ReportsIndexRow[] | null,
  page: number,
): Paged<ReportsIndexRow> | null {
  if (rows !== null) return pageOf(rows, page);
  return serverPlods(source)?.paged ?? null;
}
