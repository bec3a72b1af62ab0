import type * as Y from 'yjs';
import type { Actor } from '@plod/model/history';
import { isReportDocName, recordReportChanges, setDocActor } from '@plod/model/history';
import { REPORTS_INDEX_DOC_NAME } from '@plod/model/schema';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import { DocEntry, type DocInfo, type EntryFactories, type ProviderStatus } from './entry';
import { loadDeviceMigrator, type LoadMigrator } from './migrate';
import { LOCAL_ORIGIN } from './origin';
import type { LateEditDecision } from '@plod/model/sync';
import type { AttachLateEdits } from './late-edits';
import { createDurablePending, type AttachPending } from './pending';

export interface RegistryOptions {
  /** ws(s)://host/sync; each document syncs on `${serverUrl}/${name}`. */
  serverUrl: string;
  /** Whether providers connect at all (the person's Online/Offline choice). */
  networkEnabled: boolean;
  /** How long a document stays open after its last user lets go: navigating between screens reuses it. */
  idleCloseMs?: number;
  attachPending?: AttachPending;
  attachLateEdits?: AttachLateEdits;
  /** Node tests pass `ws` here; browsers have a global WebSocket. */
  WebSocketPolyfill?: typeof WebSocket;
  /** Tests wrap these to count what gets made. */
  createPersistence?: EntryFactories['createPersistence'];
  createProvider?: EntryFactories['createProvider'];
  /**
   * WebSocket subprotocols every connection offers: the device token (`syncSubprotocols(token)`)
   * once this device has joined. Never URL parameters: a URL shows in logs and console warnings.
   */
  connectionProtocols?: readonly string[];
  /** The server closed a connection for good (close codes 4400-4499, e.g. 4401 device revoked). */
  onConnectionRefused?: (code: number, name: string, reason: string) => void;
  /** Who this device's changes to reports are by (recorded in each report's history). */
  actor?: () => Actor | null;
  /** The migrations run as documents load (tests count them); defaults to the model's. */
  loadMigrator?: LoadMigrator;
  /** Called for each document opened; the result is called when it closes. */
  watch?: (entry: DocEntry) => () => void;
}

export interface ProviderState {
  readonly name: string;
  readonly status: ProviderStatus;
  readonly synced: boolean;
}

const DEFAULT_IDLE_CLOSE_MS = 3000;

/**
 * Opens each document once, however many screens and however many React mounts use it.
 * Entries are made on first use and reference-counted by their subscribers; an entry nobody
 * holds is closed after `idleCloseMs`, so React StrictMode's mount-unmount-mount reuses it.
 */
export class DocumentRegistry {
  private readonly entries = new Map<string, DocEntry>();
  private readonly closing = new Map<string, Promise<void>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly factories: EntryFactories;
  private readonly idleCloseMs: number;
  private networkEnabled: boolean;
  private connectionProtocols: readonly string[];
  private readonly onConnectionRefused: RegistryOptions['onConnectionRefused'];
  private readonly actor: () => Actor | null;
  private readonly watch: RegistryOptions['watch'];
  private readonly unwatch = new Map<DocEntry, () => void>();

  constructor(options: RegistryOptions) {
    this.networkEnabled = options.networkEnabled;
    this.connectionProtocols = options.connectionProtocols ?? [];
    this.onConnectionRefused = options.onConnectionRefused;
    this.actor = options.actor ?? (() => null);
    this.watch = options.watch;
    this.idleCloseMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    const polyfill = options.WebSocketPolyfill;
    this.factories = {
      createPersistence:
        options.createPersistence ?? ((name, doc) => new IndexeddbPersistence(name, doc)),
      createProvider:
        options.createProvider ??
        ((name, doc) =>
          new WebsocketProvider(options.serverUrl, name, doc, {
            connect: false,
            // A copy: y-websocket reads `protocols` afresh for each connection, and they are
            // replaced (never mutated) when the device token changes.
            protocols: [...this.connectionProtocols],
            // Tabs share changes over a BroadcastChannel, which posts the whole document to the
            // others on each connect: megabytes for an index of thousands of plods. Only the
            // server writes the index, and every tab has it from the server, so it goes without.
            disableBc: name === REPORTS_INDEX_DOC_NAME,
            ...(polyfill ? { WebSocketPolyfill: polyfill } : {}),
          })),
      attachPending: options.attachPending ?? createDurablePending(null),
      loadMigrator: options.loadMigrator ?? loadDeviceMigrator,
      ...(options.attachLateEdits ? { attachLateEdits: options.attachLateEdits } : {}),
    };
  }

  /** The open entry for `name`, made if needed. Idempotent, so it is safe to call during render. */
  entry(name: string): DocEntry {
    const existing = this.entries.get(name);
    if (existing) return existing;
    const entry = new DocEntry(name, this.factories, this.networkEnabled, this.notifyState);
    this.entries.set(name, entry);
    if (isReportDocName(name)) setDocActor(entry.doc, this.actor());
    const onRefused = this.onConnectionRefused;
    if (onRefused) {
      entry.provider.on('closed', (event: { code: number; reason: string }) =>
        onRefused(event.code, name, event.reason),
      );
    }
    if (this.watch) this.unwatch.set(entry, this.watch(entry));
    // A render that React throws away never subscribes: close such an entry like any idle one.
    this.scheduleClose(entry);
    // An entry is most often made by a screen's first read, during its render: listeners (the
    // status bar) hear of it just after, never during it (React forbids updating one component
    // while rendering another).
    queueMicrotask(this.notifyState);
    return entry;
  }

  /** Holds the document open until the returned release function is called (once). */
  retain(name: string): () => void {
    const entry = this.entry(name);
    entry.refs += 1;
    if (entry.closeTimer) {
      clearTimeout(entry.closeTimer);
      entry.closeTimer = null;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs === 0) this.scheduleClose(entry);
    };
  }

  /** Retains the document and calls back on every change to it; the result undoes both. */
  subscribe(name: string, listener: () => void): () => void {
    const release = this.retain(name);
    const unsubscribe = this.entry(name).subscribe(listener);
    return () => {
      unsubscribe();
      release();
    };
  }

  info(name: string): DocInfo {
    return this.entry(name).getInfo();
  }

  /** A snapshot of the document through a model/ reader, cached until the document changes. */
  read<T>(name: string, reader: (doc: Y.Doc) => T): T {
    return this.entry(name).read(reader);
  }

  /**
   * Runs a model/ mutation on the document in one transaction, as this device's own change. On a
   * report, what it changed is one record of the history, however many mutations a screen's save is
   * made of. Refused (ModelError 'unsupported-schema-version') on a document saved by a newer
   * version of Plod: this app could write over what it does not understand.
   */
  mutate<A extends unknown[], R>(
    name: string,
    mutation: (doc: Y.Doc, ...args: A) => R,
    ...args: A
  ): R {
    const entry = this.entry(name);
    const refused = entry.newerError();
    if (refused) throw refused;
    const { doc } = entry;
    let result: R | undefined;
    doc.transact(() => {
      result = isReportDocName(name)
        ? recordReportChanges(doc, () => mutation(doc, ...args))
        : mutation(doc, ...args);
    }, LOCAL_ORIGIN);
    return result as R;
  }

  /** Names the actor afresh on every open report (after a sign-in, a join, a new name). */
  refreshActor(): void {
    const actor = this.actor();
    this.entries.forEach((entry) => {
      if (isReportDocName(entry.name)) setDocActor(entry.doc, actor);
    });
  }

  /** Resolves once every change made to the document so far is committed on this device. */
  async whenStored(name: string): Promise<void> {
    const release = this.retain(name);
    try {
      await this.entry(name).whenStored();
    } finally {
      release();
    }
  }

  /** Resolves once the document's device copy has been loaded from IndexedDB (and migrated). */
  async whenLoaded(name: string): Promise<void> {
    // Held open while waiting: an entry nobody holds closes after idleCloseMs, and a device copy
    // slower to read than that (a loaded phone) would leave this waiting on a closed persistence.
    const release = this.retain(name);
    try {
      await this.entry(name).whenReady;
    } finally {
      release();
    }
  }

  /**
   * Opens the document and resolves true once it has completed a handshake with the server (so the
   * device copy holds the server's state), or false after `timeoutMs`. Keeps it open meanwhile.
   */
  async whenServerSynced(name: string, timeoutMs: number): Promise<boolean> {
    const release = this.retain(name);
    const entry = this.entry(name);
    try {
      if (entry.getInfo().serverSynced) return true;
      return await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), timeoutMs);
        const unsubscribe = entry.subscribe(() => {
          if (entry.getInfo().serverSynced) finish(true);
        });
        function finish(ok: boolean) {
          clearTimeout(timer);
          unsubscribe();
          resolve(ok);
        }
      });
    } finally {
      release();
    }
  }

  /**
   * Waits until a change made now would land on the document's real state: its device copy is loaded
   * and, when online, it has caught up with the server (or `timeoutMs` passed). A field written on an
   * empty copy could otherwise lose to an older value when the two merge.
   */
  async ready(name: string, timeoutMs = 3000): Promise<void> {
    const release = this.retain(name);
    try {
      await this.whenLoaded(name);
      if (this.networkEnabled) await this.whenServerSynced(name, timeoutMs);
    } finally {
      release();
    }
  }

  /** Names of open documents with local changes the server has not acknowledged. */
  pendingDocNames(): string[] {
    return [...this.entries.values()].filter((e) => e.pendingCount() > 0).map((e) => e.name);
  }

  isOpen(name: string): boolean {
    return this.entries.has(name);
  }

  setNetworkEnabled(enabled: boolean): void {
    this.networkEnabled = enabled;
    this.entries.forEach((entry) => entry.setNetworkEnabled(enabled));
    this.notifyState();
  }

  /** Connects one open document again at once (one the server had closed for good included). */
  reconnect(name: string): void {
    this.entries.get(name)?.reconnect();
  }

  reconnectAll(): void {
    this.entries.forEach((entry) => entry.reconnect());
  }

  /**
   * New credentials (a join, a revoked token, a supervisor signing in or out): every connection is
   * made afresh with `protocols`, including one the server had closed for good, so each document's
   * access matches who uses the device now. Nothing local is touched: unsent changes sync on the
   * new connection.
   */
  setConnectionProtocols(protocols: readonly string[]): void {
    this.connectionProtocols = [...protocols];
    [...this.entries.values()].forEach((entry) => {
      // One nobody holds, with nothing to send or hear, was about to close: it closes now rather
      // than connect as the new identity (after a sign-out, only to be refused).
      if (entry.refs === 0 && entry.pendingCount() === 0 && entry.waitingCount() === 0) {
        this.closeNow(entry);
        return;
      }
      entry.provider.protocols = [...protocols];
      if (entry.provider.ws !== null) entry.provider.disconnect();
      entry.reconnect();
    });
  }

  providerStates(): ProviderState[] {
    return [...this.entries.values()].map((entry) => {
      const info = entry.getInfo();
      return { name: entry.name, status: info.provider, synced: info.serverSynced };
    });
  }

  pendingCount(): number {
    let total = 0;
    this.entries.forEach((entry) => (total += entry.pendingCount()));
    return total;
  }

  /** The supervisor's decisions on this device's held edits, per open document that has any. */
  lateEditDecisions(): { name: string; decisions: readonly LateEditDecision[] }[] {
    const all: { name: string; decisions: readonly LateEditDecision[] }[] = [];
    this.entries.forEach((entry) => {
      const decisions = entry.lateEdits?.state().decided ?? [];
      if (decisions.length > 0) all.push({ name: entry.name, decisions });
    });
    return all;
  }

  /** Edits from this device held by the server for a supervisor, across open documents. */
  waitingCount(): number {
    let total = 0;
    this.entries.forEach((entry) => (total += entry.waitingCount()));
    return total;
  }

  lastSyncedAt(): number | null {
    let latest: number | null = null;
    this.entries.forEach((entry) => {
      if (entry.lastSyncedAt !== null && (latest === null || entry.lastSyncedAt > latest)) {
        latest = entry.lastSyncedAt;
      }
    });
    return latest;
  }

  /** Calls back when any provider's status, sync state or pending count changes. */
  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Closes every document now, waiting for IndexedDB to finish its writes. */
  async destroy(): Promise<void> {
    const entries = [...this.entries.values()];
    entries.forEach((entry) => this.closeNow(entry));
    await Promise.all([...this.closing.values()]);
    this.stateListeners.clear();
  }

  private scheduleClose(entry: DocEntry): void {
    if (entry.closeTimer) clearTimeout(entry.closeTimer);
    entry.closeTimer = setTimeout(() => {
      entry.closeTimer = null;
      if (entry.refs > 0) return;
      // Unsent changes keep their document open (and connecting), so they reach the server
      // when signal returns even after the person has left the screen; so do edits waiting for a
      // supervisor, so the phone hears the decision.
      if (entry.pendingCount() > 0 || entry.waitingCount() > 0) this.scheduleClose(entry);
      else this.closeNow(entry);
    }, this.idleCloseMs);
  }

  private closeNow(entry: DocEntry): void {
    if (entry.closeTimer) clearTimeout(entry.closeTimer);
    if (this.entries.get(entry.name) === entry) this.entries.delete(entry.name);
    this.unwatch.get(entry)?.();
    this.unwatch.delete(entry);
    const done = entry.close().finally(() => this.closing.delete(entry.name));
    this.closing.set(entry.name, done);
    this.notifyState();
  }

  private readonly notifyState = () => {
    this.stateListeners.forEach((listener) => listener());
  };
}
