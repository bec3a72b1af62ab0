import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import type { ConnectionState, SyncStatus } from './connection';
import { useSyncRuntime } from './context';
import type { DocInfo } from './entry';

/**
 * Keeps a document open while the calling screen is mounted and reports whether its device copy
 * has loaded ('loading' | 'ready') and whether it is in step with the server.
 */
export function useDocument(name: string): DocInfo {
  const { registry } = useSyncRuntime();
  const subscribe = useCallback(
    (onChange: () => void) => registry.subscribe(name, onChange),
    [registry, name],
  );
  return useSyncExternalStore(subscribe, () => registry.info(name));
}

/**
 * A plain snapshot of a document through a model/ reader, re-read after each change to the
 * document. Pass a stable reader (a model/ function, not an inline arrow): snapshots are cached
 * per reader, so the same reader returns the same object until the document changes.
 */
export function useDocSnapshot<T>(name: string, read: (doc: Y.Doc) => T): T {
  const { registry } = useSyncRuntime();
  const subscribe = useCallback(
    (onChange: () => void) => registry.subscribe(name, onChange),
    [registry, name],
  );
  return useSyncExternalStore(subscribe, () => registry.read(name, read));
}

/**
 * Binds a model/ mutation to a document: the returned function runs it in one transaction.
 * The document stays open while the calling screen is mounted.
 */
export function useMutation<A extends unknown[], R>(
  name: string,
  mutation: (doc: Y.Doc, ...args: A) => R,
): (...args: A) => R {
  const { registry } = useSyncRuntime();
  useEffect(() => registry.retain(name), [registry, name]);
  return useCallback(
    (...args: A) => registry.mutate(name, mutation, ...args),
    [registry, name, mutation],
  );
}

export interface ConnectionControls extends ConnectionState {
  setEnabled(enabled: boolean): void;
  syncNow(): void;
}

/** The Online/Offline toggle, Sync Now, and everything the sync indicator shows. */
export function useConnection(): ConnectionControls {
  const { connection } = useSyncRuntime();
  const state = useSyncExternalStore(connection.subscribe, connection.getState);
  return { ...state, setEnabled: connection.setEnabled, syncNow: connection.syncNow };
}

export function useSyncStatus(): SyncStatus {
  const { connection } = useSyncRuntime();
  return useSyncExternalStore(connection.subscribe, () => connection.getState().status);
}

/** Local changes not yet acknowledged as durable by the server, across open documents. */
export function usePendingCount(): number {
  const { connection } = useSyncRuntime();
  return useSyncExternalStore(connection.subscribe, () => connection.getState().pending);
}
