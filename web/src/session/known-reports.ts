import { useSyncExternalStore } from 'react';
import { storedKey } from './stored-key';

// Reports this device created or opened. The reports list reads these from their own documents as
// well as from the server's reports index, so a report made offline shows at once, before the
// server has ever seen it.
const KEY = 'plod.knownReportIds';
const { notify, subscribe } = storedKey(KEY);
let cachedRaw: string | null = null;
let cachedIds: readonly string[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

// Read from storage at most once per task: the list, its cards and its hooks each ask (hundreds of
// times as a page renders), and each read copies the whole stored list, which grows with every plod
// the phone holds. A write here updates the copy at once; another tab's write comes with a later
// task (its storage event).
let readThisTask = false;

function remember(raw: string, ids: readonly string[]): void {
  cachedRaw = raw;
  cachedIds = ids;
}

/** Ids of reports known on this device, most recently added first. */
export function getKnownReportIds(): readonly string[] {
  if (readThisTask) return cachedIds;
  readThisTask = true;
  queueMicrotask(() => {
    readThisTask = false;
  });
  const raw = readRaw();
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    cachedIds = Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string')
      : [];
  } catch {
    cachedIds = [];
  }
  return cachedIds;
}

/** Remembers a report as known on this device (idempotent). */
export function addKnownReportId(id: string): void {
  const ids = getKnownReportIds();
  if (ids.includes(id)) return;
  const next = [id, ...ids];
  const raw = JSON.stringify(next);
  try {
    localStorage.setItem(KEY, raw);
  } catch {
    // Storage blocked: the report still lives in IndexedDB and, once synced, in the reports index.
    return;
  }
  remember(raw, next);
  notify();
}

/** Forgets reports that left this device (retention); unknown ids are ignored. */
export function removeKnownReportIds(gone: readonly string[]): void {
  const leaving = new Set(gone);
  const ids = getKnownReportIds();
  const kept = ids.filter((id) => !leaving.has(id));
  if (kept.length === ids.length) return;
  const raw = JSON.stringify(kept);
  try {
    localStorage.setItem(KEY, raw);
  } catch {
    return;
  }
  remember(raw, kept);
  notify();
}

export function useKnownReportIds(): readonly string[] {
  return useSyncExternalStore(subscribe, getKnownReportIds, () => cachedIds);
}
