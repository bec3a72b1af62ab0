import type { DocumentRegistry, ProviderState } from './registry';

/** SPEC's sync indicator: online green, syncing yellow, offline red. */
export type SyncStatus = 'online' | 'syncing' | 'offline';

export interface ConnectionState {
  /** The person's Online/Offline choice; off means every provider is really disconnected. */
  readonly enabled: boolean;
  /** What the browser reports (navigator.onLine and its online/offline events). */
  readonly browserOnline: boolean;
  readonly status: SyncStatus;
  /** Local changes not yet acknowledged as durable by the server. */
  readonly pending: number;
  /** This device's changes the server keeps aside for a supervisor (the plod was submitted). */
  readonly waiting: number;
  /** Epoch ms of the latest completed sync handshake seen this session, or null. */
  readonly lastSyncedAt: number | null;
}

export interface SyncStatusInput {
  enabled: boolean;
  browserOnline: boolean;
  providers: readonly ProviderState[];
  pending: number;
}

/**
 * Offline when switched off, when the browser has no network, or when every open document has
 * lost its server connection; syncing while any is connecting or has not finished its handshake,
 * or local changes await acknowledgement; otherwise online.
 */
export function deriveSyncStatus({
  enabled,
  browserOnline,
  providers,
  pending,
}: SyncStatusInput): SyncStatus {
  if (!enabled || !browserOnline) return 'offline';
  if (providers.length > 0 && providers.every((p) => p.status === 'disconnected')) {
    return 'offline';
  }
  if (providers.some((p) => p.status !== 'connected' || !p.synced)) return 'syncing';
  return pending > 0 ? 'syncing' : 'online';
}

export const NETWORK_ENABLED_KEY = 'plod:network-enabled';

/** Reads the persisted Online/Offline choice; online unless the person switched it off. */
export function readNetworkEnabled(storage: Storage | null): boolean {
  return storage?.getItem(NETWORK_ENABLED_KEY) !== 'false';
}

export interface ConnectionEnvironment {
  storage: Storage | null;
  /** Where online/offline events come from (window in the app). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isBrowserOnline(): boolean;
}

/**
 * Owns the Online/Offline toggle and turns provider states and browser events into one
 * ConnectionState, replaced on each change so React can read it with useSyncExternalStore.
 */
export class ConnectionController {
  private state: ConnectionState;
  private readonly listeners = new Set<() => void>();
  private readonly stopRegistry: () => void;

  constructor(
    private readonly registry: DocumentRegistry,
    private readonly env: ConnectionEnvironment,
  ) {
    this.state = this.compute(readNetworkEnabled(env.storage));
    this.stopRegistry = registry.onStateChange(this.refresh);
    env.events?.addEventListener('online', this.onBrowserOnline);
    env.events?.addEventListener('offline', this.refresh);
  }

  getState = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setEnabled = (enabled: boolean): void => {
    this.env.storage?.setItem(NETWORK_ENABLED_KEY, String(enabled));
    this.registry.setNetworkEnabled(enabled);
    this.update(this.compute(enabled));
  };

  /** Sync Now: reconnect at once instead of waiting out the reconnect backoff. */
  syncNow = (): void => {
    if (this.state.enabled) this.registry.reconnectAll();
  };

  /**
   * Sync Now that reports back: reconnects, then resolves true once every open document is connected,
   * in step and has no unacknowledged change; false when offline or not done within `timeoutMs`.
   */
  flush = (timeoutMs = 10_000): Promise<boolean> => {
    if (!this.state.enabled || !this.env.isBrowserOnline()) return Promise.resolve(false);
    this.syncNow();
    const done = () => {
      const providers = this.registry.providerStates();
      return (
        this.registry.pendingCount() === 0 &&
        providers.every((p) => p.status === 'connected' && p.synced)
      );
    };
    return new Promise((resolve) => {
      let stop = () => {};
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        clearInterval(poll);
        stop();
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      // Polled as well as event-driven: an acknowledgement changes no provider state.
      const poll = setInterval(() => done() && finish(true), 100);
      stop = this.registry.onStateChange(() => done() && finish(true));
      if (done()) finish(true);
    });
  };

  dispose(): void {
    this.stopRegistry();
    this.env.events?.removeEventListener('online', this.onBrowserOnline);
    this.env.events?.removeEventListener('offline', this.refresh);
    this.listeners.clear();
  }

  private readonly onBrowserOnline = () => {
    // Signal is back after hours away: skip the remaining backoff.
    this.syncNow();
    this.refresh();
  };

  private readonly refresh = () => this.update(this.compute(this.state.enabled));

  private compute(enabled: boolean): ConnectionState {
    const browserOnline = this.env.isBrowserOnline();
    const providers = this.registry.providerStates();
    const pending = this.registry.pendingCount();
    const status = deriveSyncStatus({ enabled, browserOnline, providers, pending });
    const waiting = this.registry.waitingCount();
    const lastSyncedAt = this.registry.lastSyncedAt();
    return { enabled, browserOnline, status, pending, waiting, lastSyncedAt };
  }

  private update(next: ConnectionState): void {
    const prev = this.state;
    if (
      prev.enabled === next.enabled &&
      prev.browserOnline === next.browserOnline &&
      prev.status === next.status &&
      prev.pending === next.pending &&
      prev.waiting === next.waiting &&
      prev.lastSyncedAt === next.lastSyncedAt
    ) {
      return;
    }
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
