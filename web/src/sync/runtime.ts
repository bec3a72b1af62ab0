import { ConnectionController, readNetworkEnabled } from './connection';
import { createDurablePending, storedPendingNames, type AttachPending } from './pending';
import { DocumentRegistry, type RegistryOptions } from './registry';

/** Everything screens need to reach documents: made once per app, outside React's render. */
export interface SyncRuntime {
  readonly registry: DocumentRegistry;
  readonly connection: ConnectionController;
  dispose(): Promise<void>;
}

export interface SyncRuntimeOptions {
  /** Defaults to the page's own origin: ws(s)://host/sync. */
  serverUrl?: string;
  storage?: Storage | null;
  /** Plug the durability tracker from `@plod/model/sync` in here. */
  attachPending?: AttachPending;
  idleCloseMs?: number;
  /** Tests pass a fake; browsers use the global WebSocket. */
  WebSocketPolyfill?: typeof WebSocket;
  createPersistence?: RegistryOptions['createPersistence'];
  createProvider?: RegistryOptions['createProvider'];
}

/** The relay lives on the same host as the app, under /sync. */
export function syncUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/sync`;
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it; the toggle then lasts for this visit only.
    return null;
  }
}

export function createSyncRuntime(options: SyncRuntimeOptions = {}): SyncRuntime {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const registry = new DocumentRegistry({
    serverUrl: options.serverUrl ?? syncUrlFor(globalThis.location),
    networkEnabled: readNetworkEnabled(storage),
    ...(options.idleCloseMs !== undefined ? { idleCloseMs: options.idleCloseMs } : {}),
    attachPending: options.attachPending ?? createDurablePending(storage),
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    ...(options.createPersistence ? { createPersistence: options.createPersistence } : {}),
    ...(options.createProvider ? { createProvider: options.createProvider } : {}),
  });
  // Documents left with unsent changes are opened at once: their count shows, and they sync as soon
  // as there is signal, whichever screen the crew opens. The registry keeps them open until acknowledged.
  for (const name of storedPendingNames(storage)) registry.entry(name);
  const connection = new ConnectionController(registry, {
    storage,
    events: typeof window === 'undefined' ? null : window,
    isBrowserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  });
  return {
    registry,
    connection,
    async dispose() {
      connection.dispose();
      await registry.destroy();
    },
  };
}
