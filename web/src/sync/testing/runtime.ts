import { createSyncRuntime, type SyncRuntime, type SyncRuntimeOptions } from '../runtime';
import { FakeWebSocket } from './fakeSocket';

/** A sync runtime with no network (a fake socket) and no storage, unless `options` say otherwise. */
export function offlineSyncRuntime(options: SyncRuntimeOptions = {}): SyncRuntime {
  return createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage: null,
    WebSocketPolyfill: FakeWebSocket,
    ...options,
  });
}

/** A sync runtime as the test app's: no network and no server here to ask who this device is. */
export function testSyncRuntime(storage: Storage | null = null): SyncRuntime {
  return offlineSyncRuntime({ storage, auth: null });
}
