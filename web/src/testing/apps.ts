import { cleanup } from '@testing-library/react';
import type { SyncRuntime } from '../sync';
import { renderApp } from './renderApp';
import { freshIndexedDb } from './seed';

const runtimes: SyncRuntime[] = [];

/** renderApp, keeping the app's runtime for closeApps. */
export function openApp(path: string, options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(path, options);
  runtimes.push(app.sync);
  return app;
}

/** Call from afterEach: unmounts every app openApp rendered and closes its documents. */
export async function closeApps(): Promise<void> {
  cleanup();
  await Promise.all(runtimes.splice(0).map((sync) => sync.dispose()));
}

/** Call from beforeEach: a device with nothing stored yet (local storage and IndexedDB empty). */
export async function freshDevice(): Promise<void> {
  localStorage.clear();
  await freshIndexedDb();
}
