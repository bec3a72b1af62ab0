import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';

/**
 * Counts one document's local changes that the server has not yet confirmed as durable.
 * The registry sums these into the app's pending count (SPEC: Sync shows the pending count).
 */
export interface PendingTracker {
  count(): number;
  /** Calls back whenever count() may have changed; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
  destroy(): void;
}

export interface PendingContext {
  name: string;
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Origins of updates that came from storage or the network rather than from this person. */
  remoteOrigins: ReadonlySet<unknown>;
}

/**
 * Attaches a tracker to a freshly made provider, before it connects, so a tracker can register
 * custom message handlers (`provider.messageHandlers[n]`) for the relay's durability acknowledgements.
 * The durability helper from `@plod/model/sync` plugs in here: pass it as `attachPending` to
 * `createSyncRuntime`.
 */
export type AttachPending = (context: PendingContext) => PendingTracker;

/**
 * Stand-in until the relay's durability acknowledgements arrive: counts local updates made while
 * this document was not in sync with the server, and clears when the provider completes a sync
 * handshake. "Sent" is weaker than "durable", so this may under-count for a moment after reconnecting.
 */
export const attachUnsyncedCounter: AttachPending = ({ doc, provider, remoteOrigins }) => {
  let pending = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (remoteOrigins.has(origin)) return;
    if (provider.wsconnected && provider.synced) return;
    pending += 1;
    emit();
  };
  const onSync = (synced: boolean) => {
    if (!synced || pending === 0) return;
    pending = 0;
    emit();
  };
  doc.on('update', onUpdate);
  provider.on('sync', onSync);

  return {
    count: () => pending,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    destroy() {
      doc.off('update', onUpdate);
      provider.off('sync', onSync);
      listeners.clear();
    },
  };
};
