import { useEffect, useMemo, useRef, useState } from 'react';
import {
  classifyDocName,
  readReportsIndex,
  reportDocName,
  REPORTS_INDEX_DOC_NAME,
} from '@plod/model';
import type { ReportId, ReportsIndexRow } from '@plod/model';
import { useKnownReportIds } from '../session/known-reports';
import {
  useDocSnapshot,
  useDocSnapshots,
  useDocument,
  useUnreadDocs,
  useSyncRuntime,
  useUnsentDocNames,
} from '../sync';
import type { readListRow } from './list-row';
import { localReportIds, mergeReportRows } from './merge';
import { letOldPlodsLeave } from './evict';
import { getPhoneRows, putPhoneRows, usePhoneRows } from './phone-rows';
import { isKept } from './retention';

// Reading a report's own document needs the model's zod-checked readers, the bulk of the list's
// JavaScript. The index alone needs none of it, so that code loads after the list is on screen,
// and the index's rows paint meanwhile.
type RowReader = typeof readListRow;
let rowReader: RowReader | null = null;
let rowReaderLoad: Promise<RowReader> | null = null;
const loadRowReader = () =>
  (rowReaderLoad ??= import('./list-row').then(
    (m) => (rowReader = m.readListRow),
    (error: unknown) => {
      // Tried again by the next list that needs it (a chunk that failed to load, say).
      rowReaderLoad = null;
      throw error;
    },
  ));

/**
 * Loads the code that reads a plod's own copy for the list, for a screen that writes plods (a plod's
 * screens): a phone that edits a plod then loses signal (with no service worker yet) can still draw
 * its row, while the list of a phone with nothing of its own never loads it.
 */
export function preloadPlodListReader(): void {
  loadRowReader().catch(() => undefined);
}
const noRows: readonly string[] = [];
const noIndexRows: readonly ReportsIndexRow[] = [];
const noRow = (): ReportsIndexRow | null => null;

/** A list of plods as this phone can draw it now. */
export interface ReportList {
  /** Newest first: the index's rows, each replaced by the phone's own copy where that is newer. */
  rows: ReportsIndexRow[];
  /**
   * Plods this phone holds whose copy is still being read: held back (their row in the index may
   * be older than the phone's copy) and drawn as soon as each is read, never waited on together.
   */
  reading: number;
}

/**
 * Every report this device can show, newest first, live: the server's reports index (kept in step
 * with every device's changes) merged with the reports made or edited on this device. Null until
 * the device copy of the index has been read.
 */
export function useReportList(): ReportList | null {
  const index = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  // Until the device copy of the index is read (milliseconds), every known report would look
  // unlisted and be opened, each with its own socket: wait for it.
  const indexLoaded = useDocument(REPORTS_INDEX_DOC_NAME).status === 'ready';
  return useWithLocalReports(index, indexLoaded);
}

/**
 * The index's rows merged with the reports made or edited on this device. `indexLoaded`: the
 * device copy of the index has been read (until then no local report is read, and this is null).
 *
 * The index's row of a report edited offline is older than the report (No site, Day Shift, 0.0 m
 * where the phone holds its site, a night shift and runs): a report read from its own document is
 * left out until that document's device copy is read (or holds the report already), then drawn.
 */
export function useWithLocalReports(
  index: readonly ReportsIndexRow[],
  indexLoaded: boolean,
  /**
   * Every row listed elsewhere (the whole reports index), when `index` is only part of it: known
   * plods are read from their own documents only if neither lists them, and none while this is
   * null (not read yet). Plods with unsent edits are read either way.
   */
  everyListed?: readonly ReportsIndexRow[] | null,
): ReportList | null {
  const known = useKnownReportIds();
  const unsentNames = useUnsentDocNames();
  const names = useMemo(() => {
    const unsent = unsentNames.flatMap((name) => {
      const kind = classifyDocName(name);
      return kind.kind === 'report' ? [kind.reportId] : [];
    });
    if (!indexLoaded) return [];
    const listed =
      everyListed === undefined ? index : everyListed === null ? null : [...index, ...everyListed];
    return localReportIds(listed === null ? [] : known, listed ?? index, unsent).map((id) =>
      reportDocName(id as ReportId),
    );
  }, [known, index, unsentNames, indexLoaded, everyListed]);
  const [reader, setReader] = useState<RowReader | null>(() => rowReader);
  const [readerFailed, setReaderFailed] = useState(false);
  const nothingToRead = names.length === 0;
  useEffect(() => {
    // Loaded once there is a plod of this phone's own to read: with zod, it is the bulk of the
    // list's JavaScript, which a phone reading only the index does without. A plod's screens load it
    // too (preloadPlodListReader), so a plod edited later with no signal can still be read.
    if (reader !== null || nothingToRead) return;
    let live = true;
    loadRowReader().then(
      (loaded) => {
        if (live) setReader(() => loaded);
      },
      (error: unknown) => {
        console.error('Could not load the plod list reader', error);
        if (live) setReaderFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [reader, nothingToRead]);
  const local = useDocSnapshots(reader ? names : noRows, reader ?? noRow);
  // Opened at once, while the reader's code loads.
  const unread = useUnreadDocs(names);
  return useMemo(() => {
    if (!indexLoaded) return null;
    // Held back: a copy not read yet that holds no report so far, or while the code that reads
    // it loads. Code that could not load holds nothing back: the index's row beats no row.
    const unreadNames = new Set(unread);
    const held = new Set<string>();
    names.forEach((name, i) => {
      const waiting = reader ? unreadNames.has(name) : !readerFailed;
      if (local[i] == null && waiting) held.add(name);
    });
    const merged = mergeReportRows(index, local);
    const rows =
      held.size === 0
        ? merged
        : merged.filter((row) => !held.has(reportDocName(row.id as ReportId)));
    return { rows, reading: held.size };
  }, [indexLoaded, unread, names, local, reader, readerFailed, index]);
}

/**
 * A crew phone's list: its own rows (phone-rows.ts, one read), painted at once, merged with the
 * reports index's rows the phone keeps (retention.ts) once the index is read (`index`, null until
 * then; opened after the first paint). The index's kept rows are recorded on the phone as they come,
 * so the next start paints them too. Older submitted plods are listed only by a search (they are in
 * the index); otherwise "Show older" asks the server for them.
 */
export function usePhoneList(
  index: readonly ReportsIndexRow[] | null,
  /** A search (filters in the address): every row of the index is listed, old ones too. */
  searching = false,
): ReportList | null {
  const phone = usePhoneRows();
  const [now] = useState(() => Date.now());
  const kept = useMemo(() => index?.filter((row) => isKept(row, now)) ?? null, [index, now]);
  const listed = searching ? index : kept;
  const phoneRead = phone !== null;
  useEffect(() => {
    if (kept && phoneRead) void putPhoneRows(kept);
  }, [kept, phoneRead]);
  // A phone with no rows of its own yet (new, or from before this list) waits for the index.
  const rows = useMemo(
    () =>
      phone === null || (phone.length === 0 && listed === null)
        ? null
        : mergeReportRows(listed ?? [], phone),
    [listed, phone],
  );
  useLetOldPlodsLeave(phoneRead ? index : null);
  return useWithLocalReports(rows ?? noIndexRows, rows !== null, index);
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Once per app load, a moment after the index is read: plods the phone no longer keeps leave it.
 * Its code is part of the list's (a few hundred bytes): loaded apart, it was a chunk of its own
 * that split the model's and React's shared chunks into smaller ones the list then loaded.
 */
let retentionRan = false;
const RETENTION_AFTER_MS = 2000;
function useLetOldPlodsLeave(index: readonly ReportsIndexRow[] | null): void {
  const runtime = useSyncRuntime();
  const ready = index !== null;
  const indexRef = useRef(index);
  useEffect(() => {
    indexRef.current = index;
  }, [index]);
  useEffect(() => {
    if (!ready || retentionRan) return;
    const timer = setTimeout(() => {
      if (retentionRan) return;
      retentionRan = true;
      // The phone's own rows are at least as new as the index's (see putPhoneRows).
      const rows = mergeReportRows(indexRef.current ?? [], getPhoneRows() ?? []);
      letOldPlodsLeave(runtime, rows, browserStorage(), Date.now()).catch((error: unknown) =>
        console.error('Could not let old plods leave the phone', error),
      );
    }, RETENTION_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready, runtime]);
}
