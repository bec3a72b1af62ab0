import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { NO_LATE_EDITS, type LateEditDecision } from '@plod/model/sync';
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

/** A model/ mutation: a change to a document, with its arguments. */
export type Mutation<A extends unknown[], R = unknown> = (doc: Y.Doc, ...args: A) => R;

/**
 * Binds a model/ mutation to a document: the returned function runs it in one transaction.
 * The document stays open while the calling screen is mounted.
 */
export function useMutation<A extends unknown[], R>(
  name: string,
  mutation: Mutation<A, R>,
): (...args: A) => R {
  const { registry } = useSyncRuntime();
  useEffect(() => registry.retain(name), [registry, name]);
  return useCallback(
    (...args: A) => registry.mutate(name, mutation, ...args),
    [registry, name, mutation],
  );
}

const noSubscription = () => () => {};

/** useDocSnapshot for a document that may not exist (no current report): null opens nothing. */
export function useOptionalDocSnapshot<T>(name: string | null, read: (doc: Y.Doc) => T): T | null {
  const { registry } = useSyncRuntime();
  const subscribe = useCallback(
    (onChange: () => void) =>
      name === null ? noSubscription() : registry.subscribe(name, onChange),
    [registry, name],
  );
  return useSyncExternalStore(subscribe, () => (name === null ? null : registry.read(name, read)));
}

export interface LaterSnapshot<T> {
  value: T;
  info: DocInfo;
}

/**
 * useDocSnapshot for a document a screen can show its first paint without: it is opened once `open`
 * is true (at once if it is already open, e.g. another screen had it), and null until then. For
 * the reports index, whose device copy of every plod takes the main thread a while to read.
 */
export function useLaterDocSnapshot<T>(
  name: string,
  read: (doc: Y.Doc) => T,
  open: boolean,
): LaterSnapshot<T> | null {
  const { registry } = useSyncRuntime();
  const [openBefore] = useState(() => registry.isOpen(name));
  const active = open || openBefore;
  const subscribe = useCallback(
    (onChange: () => void) => (active ? registry.subscribe(name, onChange) : noSubscription()),
    [registry, name, active],
  );
  const value = useSyncExternalStore(subscribe, () => (active ? registry.read(name, read) : null));
  const info = useSyncExternalStore(subscribe, () => (active ? registry.info(name) : null));
  return useMemo(() => (value === null || info === null ? null : { value, info }), [value, info]);
}

/**
 * Snapshots of several documents through one reader, in the order of `names`; the array is the same
 * object until one of them changes. For lists: the reports this device holds.
 */
export function useDocSnapshots<T>(names: readonly string[], read: (doc: Y.Doc) => T): T[] {
  const { registry } = useSyncRuntime();
  const key = names.join('\n');
  // The key carries the names; a new array with the same names must not resubscribe.
  const stableNames = useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
  const cache = useRef<T[]>([]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = stableNames.map((name) => registry.subscribe(name, onChange));
      return () => stops.forEach((stop) => stop());
    },
    [registry, stableNames],
  );
  const getSnapshot = () => {
    const next = stableNames.map((name) => registry.read(name, read));
    const prev = cache.current;
    if (prev.length === next.length && prev.every((value, i) => value === next[i])) return prev;
    cache.current = next;
    return next;
  };
  return useSyncExternalStore(subscribe, getSnapshot);
}

/**
 * The named documents whose device copy has not been read yet (status 'loading'), in the order of
 * `names`; the array is the same object until that changes. Keeps them open while the calling
 * screen is mounted. A screen holds back what it would draw from such a document (a stale index
 * row, No site, 0.0 m) and draws each of the others as soon as it is read: it never waits on all.
 */
export function useUnreadDocs(names: readonly string[]): readonly string[] {
  const { registry } = useSyncRuntime();
  const key = names.join('\n');
  const stableNames = useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = stableNames.map((name) => registry.subscribe(name, onChange));
      return () => stops.forEach((stop) => stop());
    },
    [registry, stableNames],
  );
  const unreadKey = useSyncExternalStore(subscribe, () =>
    stableNames.filter((name) => registry.info(name).status !== 'ready').join('\n'),
  );
  return useMemo(() => (unreadKey === '' ? [] : unreadKey.split('\n')), [unreadKey]);
}

/**
 * Runs a model/ mutation on any document by name, for documents chosen at the moment of the action
 * (New Report makes a document whose id did not exist at render).
 */
export function useDocMutator(): <A extends unknown[], R>(
  name: string,
  mutation: (doc: Y.Doc, ...args: A) => R,
  ...args: A
) => R {
  const { registry } = useSyncRuntime();
  return useCallback(
    (name, mutation, ...args) => registry.mutate(name, mutation, ...args),
    [registry],
  );
}

/** `registry.ready`: resolves once a change to the named document would land on its real state. */
export function useDocReady(): (name: string, timeoutMs?: number) => Promise<void> {
  const { registry } = useSyncRuntime();
  return useCallback((name, timeoutMs) => registry.ready(name, timeoutMs), [registry]);
}

/** Names of open documents whose local changes the server has not yet acknowledged. */
export function useUnsentDocNames(): readonly string[] {
  const { registry, connection } = useSyncRuntime();
  const cache = useRef<string[]>([]);
  return useSyncExternalStore(connection.subscribe, () => {
    const next = registry.pendingDocNames();
    if (next.join('\n') === cache.current.join('\n')) return cache.current;
    cache.current = next;
    return next;
  });
}

export interface ConnectionControls extends ConnectionState {
  setEnabled(enabled: boolean): void;
  syncNow(): void;
  /** Sync Now that resolves true once everything is sent and acknowledged. */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** The Online/Offline toggle, Sync Now, and everything the sync indicator shows. */
export function useConnection(): ConnectionControls {
  const { connection } = useSyncRuntime();
  const state = useSyncExternalStore(connection.subscribe, connection.getState);
  return {
    ...state,
    setEnabled: connection.setEnabled,
    syncNow: connection.syncNow,
    flush: connection.flush,
  };
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

/** Whether this device has ever had the named document from the server. */
export function useDownloaded(name: string): boolean {
  const { downloaded } = useSyncRuntime();
  return useSyncExternalStore(downloaded.subscribe, () => downloaded.has(name));
}

/**
 * When changes from another phone reached this plod after this phone saw it completed (null if not),
 * and a way to say they were seen.
 */
export function useChangedAfterCompletion(name: string): {
  at: string | null;
  dismiss: () => void;
} {
  const { completedChanges } = useSyncRuntime();
  const at = useSyncExternalStore(completedChanges.subscribe, () => completedChanges.at(name));
  const dismiss = useCallback(() => completedChanges.clear(name), [completedChanges, name]);
  return { at, dismiss };
}

/** One plod's edits from this phone kept aside for a supervisor, and decisions not yet seen. */
export interface PlodLateEdits {
  waiting: number;
  unseen: readonly LateEditDecision[];
  markSeen: (ids: readonly string[]) => void;
}

/** The late-edit state of one plod on this phone (see docs/sync-protocol.md, message 101). */
export function usePlodLateEdits(name: string): PlodLateEdits {
  const { registry, seenDecisions } = useSyncRuntime();
  const subscribe = useCallback(
    (onChange: () => void) => registry.subscribe(name, onChange),
    [registry, name],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => registry.entry(name).lateEdits?.state() ?? NO_LATE_EDITS,
  );
  const seen = useSyncExternalStore(seenDecisions.subscribe, seenDecisions.version);
  const unseen = useMemo(() => state.decided.filter((d) => !seen.has(d.id)), [state, seen]);
  const markSeen = useCallback((ids: readonly string[]) => seenDecisions.add(ids), [seenDecisions]);
  return { waiting: state.waiting, unseen, markSeen };
}

/** Decisions on this phone's held edits not yet seen, across open plods (for a notice anywhere). */
export function useUnseenLateEditDecisions(): readonly {
  name: string;
  decision: LateEditDecision;
}[] {
  const { registry, seenDecisions } = useSyncRuntime();
  const cache = useRef<{ key: string; value: { name: string; decision: LateEditDecision }[] }>({
    key: '',
    value: [],
  });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopRegistry = registry.onStateChange(onChange);
      const stopSeen = seenDecisions.subscribe(onChange);
      return () => {
        stopRegistry();
        stopSeen();
      };
    },
    [registry, seenDecisions],
  );
  return useSyncExternalStore(subscribe, () => {
    const value = registry
      .lateEditDecisions()
      .flatMap(({ name, decisions }) => decisions.map((decision) => ({ name, decision })))
      .filter(({ decision }) => !seenDecisions.has(decision.id));
    const key = value.map(({ decision }) => decision.id).join('\n');
    if (key !== cache.current.key) cache.current = { key, value };
    return cache.current.value;
  });
}
