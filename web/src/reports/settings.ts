import { useEffect, useSyncExternalStore } from 'react';
import { AUTO_SYNC_INTERVAL_MS } from '@plod/model';
import { useConnection } from '../sync';

// Settings modal toggles, kept on the device. Require-authentication is display only (SPEC 2).
const AUTO_SYNC_KEY = 'plod.autoSync';
const listeners = new Set<() => void>();

export function getAutoSync(): boolean {
  try {
    return localStorage.getItem(AUTO_SYNC_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function setAutoSync(on: boolean): void {
  try {
    localStorage.setItem(AUTO_SYNC_KEY, String(on));
  } catch {
    // Blocked storage: the choice lasts until the app is reloaded.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

export function useAutoSync(): boolean {
  return useSyncExternalStore(subscribe, getAutoSync, () => true);
}

/**
 * Auto sync (SPEC 9: every 30 s): documents sync live while connected; this retries a dropped
 * connection every 30 s instead of waiting out y-websocket's growing backoff.
 */
export function useAutoSyncTimer(): void {
  const on = useAutoSync();
  const { syncNow, enabled } = useConnection();
  useEffect(() => {
    if (!on || !enabled) return;
    const timer = setInterval(syncNow, AUTO_SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [on, enabled, syncNow]);
}
