import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { App } from '../app/App';
import { createTestRouter } from '../routes/router';
import { createSyncRuntime, type SyncRuntime } from '../sync';
import { FakeWebSocket } from '../sync/testing/fakeSocket';

/** Renders the whole app (providers, router, layout) at `path`, with no network and no history. */
export function renderApp(path: string): {
  sync: SyncRuntime;
  router: ReturnType<typeof createTestRouter>;
} {
  const sync = createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage: null,
    WebSocketPolyfill: FakeWebSocket,
  });
  const router = createTestRouter(path);
  render(<App router={router} sync={sync} />);
  return { sync, router };
}
