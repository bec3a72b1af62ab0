import { useSyncExternalStore } from 'react';
import { storedKey } from './stored-key';

// The report the crew is working on: the screens without an id in their path (/shift-details,
// /crew, /run-sheets, ...) act on it. Kept in localStorage, not sessionStorage, so a phone that
// closes and reopens the installed app mid-shift comes back to the same plod.
const KEY = 'plod.currentReportId';
// Another tab of the app changing the current report is heard too.
const { notify, subscribe } = storedKey(KEY);

/** The current report id, or null when none is chosen. */
export function getCurrentReportId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Makes `id` the current report (null clears it). */
export function setCurrentReportId(id: string | null): void {
  if (id === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, id);
  notify();
}

/** The current report id, re-rendering when it changes. */
export function useCurrentReportId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentReportId, () => null);
}
