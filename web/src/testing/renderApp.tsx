import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { App } from '../app/App';
import { DEVICE_KEY, getAuthState } from '../auth';
import { createTestRouter } from '../routes/router';
import type { SyncRuntime } from '../sync';
import { testSyncRuntime } from '../sync/testing/runtime';

/** A joined crew device, as most screen tests want (the Join screen gates everyone else). */
export const TEST_DEVICE = {
  token: 'test-device-token',
  deviceId: 'device-1',
  deviceName: 'Test Phone',
};

/**
 * Renders the whole app (providers, router, layout) at `path`, with no network and no history.
 * Unless told `joined: false`, a device that knows nobody acts as a joined crew device. `storage`:
 * where the runtime keeps what outlives a reload (unsent change counts, ...); none unless given.
 */
export function renderApp(
  path: string,
  { joined = true, storage = null }: { joined?: boolean; storage?: Storage | null } = {},
): {
  sync: SyncRuntime;
  router: ReturnType<typeof createTestRouter>;
} {
  if (joined && getAuthState().kind === 'none') {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(TEST_DEVICE));
  }
  const sync = testSyncRuntime(storage);
  const router = createTestRouter(path);
  render(<App router={router} sync={sync} />);
  return { sync, router };
}
