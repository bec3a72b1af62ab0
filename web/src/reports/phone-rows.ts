import { useEffect, useSyncExternalStore } from 'react';
import type { ReportsIndexRow } from '@plod/model';

// The phone's own list of plods: one small IndexedDB record per plod it shows, holding what a row
// draws (the reports index row's fields). The list paints from this at once, with one read, instead
// of reading the reports index document or any plod's own document first; it is kept current when
// a plod changes on the phone (sync/runtime.ts) and when the reports index brings another device's
// change (useReportList). A plod that leaves the phone (retention.ts) leaves this list too.

/** The database's name (a fixed one: the phone's list outlives every plod in it). */
export const PHONE_ROWS_DB_NAME = 'plod-list';
const DB_NAME = PHONE_ROWS_DB_NAME;
const STORE = 'rows';

let dbOpen: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  dbOpen ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) {
        request.result.createObjectStore(STORE, { keyPath: 'id' });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Deleted (or upgraded) elsewhere: this connection steps aside instead of blocking that, and
      // the rows read from it are forgotten; the next use opens and reads the database afresh.
      db.onversionchange = () => {
        db.close();
        dbOpen = null;
        rows = null;
        snapshot = null;
        loading = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error(`cannot open ${DB_NAME}`));
  }).catch((error: unknown) => {
    dbOpen = null;
    throw error;
  });
  return dbOpen;
}

function run(mode: IDBTransactionMode, work: (store: IDBObjectStore) => void): Promise<void> {
  return database().then(
    (db) =>
      new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error(`cannot write ${STORE}`));
        transaction.onabort = () => reject(transaction.error ?? new Error(`aborted ${STORE}`));
      }),
  );
}

// Read once per app load; from then on the copy in memory is the truth and writes go to both.
let rows: Map<string, ReportsIndexRow> | null = null;
let snapshot: ReportsIndexRow[] | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = rows ? [...rows.values()] : null;
  listeners.forEach((listener) => listener());
}

/** Reads the phone's rows into memory (once); a phone with no IndexedDB lists nothing from it. */
export function loadPhoneRows(): Promise<void> {
  loading ??= database()
    .then(
      (db) =>
        new Promise<ReportsIndexRow[]>((resolve, reject) => {
          const request = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
          request.onsuccess = () => resolve(request.result as ReportsIndexRow[]);
          request.onerror = () => reject(request.error ?? new Error(`cannot read ${STORE}`));
        }),
    )
    .catch((error: unknown) => {
      console.error('Could not read the plods on this phone', error);
      return [] as ReportsIndexRow[];
    })
    .then((read) => {
      const map = new Map(read.map((row) => [row.id, row]));
      // Rows written before the read finished are newer than what was read.
      for (const row of rows?.values() ?? []) map.set(row.id, row);
      rows = map;
      changed();
    });
  return loading;
}

const sameRow = (a: ReportsIndexRow, b: ReportsIndexRow) =>
  (Object.keys(a) as (keyof ReportsIndexRow)[]).every((key) => a[key] === b[key]) &&
  Object.keys(a).length === Object.keys(b).length;

/**
 * Records rows on the phone (a plod changed here, or the reports index brought a newer one). A row
 * older than the one held is left out; unchanged rows write nothing.
 */
export function putPhoneRows(next: readonly ReportsIndexRow[]): Promise<void> {
  rows ??= new Map();
  const held = rows;
  const fresh = next.filter((row) => {
    const old = held.get(row.id);
    if (!old) return true;
    if ((row.updatedAt ?? '') < (old.updatedAt ?? '')) return false;
    return !sameRow(old, row);
  });
  if (fresh.length === 0) return Promise.resolve();
  for (const row of fresh) held.set(row.id, row);
  changed();
  return run('readwrite', (store) => fresh.forEach((row) => store.put(row))).catch(
    (error: unknown) => console.error('Could not record plods on this phone', error),
  );
}

/** Takes plods off the phone's list (they left the phone). */
export function deletePhoneRows(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  for (const id of ids) rows?.delete(id);
  changed();
  return run('readwrite', (store) => ids.forEach((id) => store.delete(id)));
}

/** The rows held now (null until read). */
export function getPhoneRows(): readonly ReportsIndexRow[] | null {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The phone's rows, live, in no particular order; null until read (it reads them on first use). */
export function usePhoneRows(): readonly ReportsIndexRow[] | null {
  useEffect(() => {
    void loadPhoneRows();
  }, []);
  return useSyncExternalStore(subscribe, getPhoneRows);
}
