import { useSyncExternalStore } from 'react';

/** Activates the waiting version and reloads the page (vite-plugin-pwa's updateSW). */
export type ApplyUpdate = () => Promise<void>;

// Set when a new version has installed and waits; the app never applies it by itself.
let apply: ApplyUpdate | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** A new version is installed and waiting: offer it (the service worker's onNeedRefresh). */
export function offerUpdate(next: ApplyUpdate): void {
  apply = next;
  notify();
}

/** Later: hide the offer until the next version arrives (the waiting one applies on next start). */
export function dismissUpdate(): void {
  apply = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting version's apply function, or null when there is nothing to offer. */
export function useUpdateOffer(): ApplyUpdate | null {
  return useSyncExternalStore(
    subscribe,
    () => apply,
    () => null,
  );
}

/**
 * Checks for a new version whenever the app comes back to the screen: an installed app can stay
 * open for days without a navigation, which is when the browser itself would check.
 */
export function checkForUpdatesOnReturn(registration: ServiceWorkerRegistration): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
