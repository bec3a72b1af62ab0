import { useSyncExternalStore } from 'react';

// The app's first screen, shown: what the app does at start that no screen needs for its first
// paint (opening the hole register, which is read whole as it opens and grows with a year's plods;
// the hole-number keeper) waits for it. The reports list says so once its first rows have painted;
// any other screen once it has mounted (AppLayout). Should neither happen, it counts as shown a few
// seconds after start, so nothing waits for it for ever.

/** How long after start the first screen counts as shown even if nothing said so. */
export const FIRST_SCREEN_PATIENCE_MS = 3000;

let shown = false;
const listeners = new Set<() => void>();
let patience: ReturnType<typeof setTimeout> | null = null;

/** The first screen has painted what it shows first: what waited for it runs now. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  if (patience !== null) clearTimeout(patience);
  patience = null;
  listeners.forEach((listener) => listener());
  listeners.clear();
}

export function firstScreenShown(): boolean {
  return shown;
}

function subscribe(listener: () => void): () => void {
  if (shown) return () => {};
  listeners.add(listener);
  patience ??= setTimeout(markFirstScreenShown, FIRST_SCREEN_PATIENCE_MS);
  return () => listeners.delete(listener);
}

/** Runs `run` once the first screen has shown (at once if it has); the result cancels it. */
export function afterFirstScreen(run: () => void): () => void {
  if (shown) {
    run();
    return () => {};
  }
  return subscribe(run);
}

/** False until the first screen has shown. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, firstScreenShown);
}
