import { createSyncRuntime, type SyncRuntime } from '../runtime';
import { FakeWebSocket } from './fakeSocket';

/** A sync runtime as the test app's: no network and no server here to ask who this device is. */
export function testSyncRuntime(storage: Storage | null = null): SyncRuntime {
  return createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage,
    WebSocketPolyfill: FakeWebSocket,
    auth: null,
  });
}
