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

/** Ids of reports known on this device, most recently added first. */
export function getKnownReportIds(): readonly string[] {
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
  try {
    localStorage.setItem(KEY, JSON.stringify([id, ...ids]));
  } catch {
    // Storage blocked: the report still lives in IndexedDB and, once synced, in the reports index.
    return;
  }
  notify();
}

/** Forgets reports that left this device (retention); unknown ids are ignored. */
export function removeKnownReportIds(gone: readonly string[]): void {
  const leaving = new Set(gone);
  const ids = getKnownReportIds();
  const kept = ids.filter((id) => !leaving.has(id));
  if (kept.length === ids.length) return;
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    return;
  }
  notify();
}

export function useKnownReportIds(): readonly string[] {
  return useSyncExternalStore(subscribe, getKnownReportIds, () => cachedIds);
}
