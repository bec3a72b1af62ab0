import { useSyncExternalStore } from 'react';

// The report the crew is working on: the screens without an id in their path (/shift-details,
// /crew, /run-sheets, ...) act on it. Kept in localStorage, not sessionStorage, so a phone that
// closes and reopens the installed app mid-shift comes back to the same plod.
const KEY = 'plod.currentReportId';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

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

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of the app changing the current report.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current report id, re-rendering when it changes. */
export function useCurrentReportId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentReportId, () => null);
}
