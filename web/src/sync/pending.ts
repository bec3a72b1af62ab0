import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import { trackDurability } from '@plod/model/sync';

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
 */
export type AttachPending = (context: PendingContext) => PendingTracker;

const PENDING_KEY_PREFIX = 'plod:pending:';

/** The storage key holding a document's unacknowledged change count between app starts. */
export const pendingKey = (name: string): string => PENDING_KEY_PREFIX + name;

function readStored(storage: Storage | null, name: string): number {
  const value = Number(storage?.getItem(pendingKey(name)) ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Names of documents that had unacknowledged changes when the app last ran. */
export function storedPendingNames(storage: Storage | null): string[] {
  if (!storage) return [];
  const names: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (
      key?.startsWith(PENDING_KEY_PREFIX) &&
      readStored(storage, key.slice(PENDING_KEY_PREFIX.length)) > 0
    ) {
      names.push(key.slice(PENDING_KEY_PREFIX.length));
    }
  }
  return names;
}

/**
 * The real pending count: the relay's durability acknowledgement (`trackDurability`, see
 * docs/sync-protocol.md). The count is kept in `storage` per document, so after a reload with no
 * signal the unsent offline edits (already safe in IndexedDB) still show as pending, and the first
 * barrier after reconnecting covers them: the server acknowledges them once they are in SQLite.
 */
export function createDurablePending(storage: Storage | null): AttachPending {
  return ({ name, provider, remoteOrigins }) => {
    const tracker = trackDurability(provider, {
      initialPending: readStored(storage, name),
      isLocalOrigin: (origin) => !remoteOrigins.has(origin),
    });
    const persist = (pending: number) => {
      try {
        if (pending > 0) storage?.setItem(pendingKey(name), String(pending));
        else storage?.removeItem(pendingKey(name));
      } catch {
        // Storage full or blocked: the count lasts for this visit only; the edits are in IndexedDB.
      }
    };
    const stopPersisting = tracker.onChange(persist);
    return {
      count: () => tracker.pending,
      subscribe: (onChange) => tracker.onChange(() => onChange()),
      destroy() {
        stopPersisting();
        tracker.destroy();
      },
    };
  };
}
