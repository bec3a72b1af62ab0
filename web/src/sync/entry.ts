import * as Y from 'yjs';
import type { IndexeddbPersistence } from 'y-indexeddb';
import type { WebsocketProvider } from 'y-websocket';
import type { ModelError } from '@plod/model';
import {
  MIGRATION_ORIGIN,
  docSchemaOf,
  needsMigration,
  newerDocumentError,
  schemaVersionOf,
  type DocSchema,
} from '@plod/model/schema';
import type { LoadMigrator } from './migrate';
import type { AttachLateEdits, LateEditsHandle } from './late-edits';
import type { AttachPending, PendingTracker } from './pending';

/** loading: the device copy is still being read from IndexedDB (and migrated); ready: it has been applied. */
export type DocStatus = 'loading' | 'ready';
export type ProviderStatus = 'connecting' | 'connected' | 'disconnected';

/** What a screen may know about an open document; replaced (never mutated) when it changes. */
export interface DocInfo {
  readonly name: string;
  readonly status: DocStatus;
  readonly provider: ProviderStatus;
  /** The document has completed a sync handshake with the server on the current connection. */
  readonly serverSynced: boolean;
  /**
   * Saved by a newer version of Plod than this app (a replica stamped a schema version above the one
   * this app understands): shown as it is, never changed here; the registry refuses mutations.
   */
  readonly newerSchema: boolean;
}

export interface EntryFactories {
  createPersistence(name: string, doc: Y.Doc): IndexeddbPersistence;
  createProvider(name: string, doc: Y.Doc): WebsocketProvider;
  attachPending: AttachPending;
  loadMigrator: LoadMigrator;
  /** Late-edit notices (report documents only); absent in tests that do not need them. */
  attachLateEdits?: AttachLateEdits;
}

type ReadFn = (doc: Y.Doc) => unknown;

/**
 * One open document: its Y.Doc, its one IndexedDB persistence and its one WebSocket provider.
 * Only the registry makes these, which is what keeps it to one of each per document name.
 */
export class DocEntry {
  readonly doc = new Y.Doc();
  readonly persistence: IndexeddbPersistence;
  readonly provider: WebsocketProvider;
  refs = 0;
  closeTimer: ReturnType<typeof setTimeout> | null = null;
  lastSyncedAt: number | null = null;
  /** Resolves once the device copy is loaded and migrated (status 'ready'). */
  readonly whenReady: Promise<void>;
  private info: DocInfo;
  private version = 0;
  private readonly pending: PendingTracker;
  /** This device's edits kept aside for a supervisor, and the decisions (reports only). */
  readonly lateEdits: LateEditsHandle | null;
  private readonly listeners = new Set<() => void>();
  // Keyed by the read function so every screen reading the same thing shares one snapshot,
  // and a snapshot is recomputed only after the document changed.
  private readonly snapshots = new WeakMap<ReadFn, { version: number; value: unknown }>();
  private closed = false;
  /** The document's schema, if its kind has a version (not the reports index). */
  private readonly schema: DocSchema | null;
  private readonly loadMigrator: LoadMigrator;

  constructor(
    readonly name: string,
    factories: EntryFactories,
    private networkEnabled: boolean,
    private readonly onStateChange: () => void,
  ) {
    this.info = {
      name,
      status: 'loading',
      provider: 'disconnected',
      serverSynced: false,
      newerSchema: false,
    };
    this.schema = docSchemaOf(name);
    this.loadMigrator = factories.loadMigrator;
    this.persistence = factories.createPersistence(name, this.doc);
    this.provider = factories.createProvider(name, this.doc);
    this.pending = factories.attachPending({
      name,
      doc: this.doc,
      provider: this.provider,
      // A migration is nobody's change: nothing waits for the server to acknowledge it.
      remoteOrigins: new Set<unknown>([this.persistence, this.provider, MIGRATION_ORIGIN]),
    });
    this.pending.subscribe(() => this.onStateChange());
    this.lateEdits = factories.attachLateEdits?.(name, this.provider) ?? null;
    this.lateEdits?.subscribe(() => {
      this.emit();
      this.onStateChange();
    });
    this.doc.on('update', this.onUpdate);
    this.provider.on('status', this.onProviderChange);
    this.provider.on('connection-close', this.onProviderClose);
    this.provider.on('sync', this.onProviderSync);
    this.whenReady = this.persistence.whenSynced.then(async () => {
      if (this.closed) return;
      await this.migrate();
      if (this.closed) return;
      this.setInfo({ status: 'ready' });
      // Connect only once the device copy is loaded: the handshake then sends just the difference.
      if (this.networkEnabled) this.provider.connect();
    });
  }

  /**
   * Resolves once every change made to the document so far is committed to the device copy. The
   * copy reports itself read (whenReady) inside the IndexedDB transaction that also stores what was
   * written before it opened (a plod made a moment ago): a reload before that transaction commits
   * loses it, so New Report waits for this. A read transaction made now starts only after every
   * write transaction made before it on the same store has finished.
   */
  async whenStored(): Promise<void> {
    await this.whenReady;
    const { db } = this.persistence;
    if (this.closed || !db) return;
    await new Promise<void>((resolve) => {
      const transaction = db.transaction(['updates'], 'readonly');
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => resolve();
      transaction.onerror = () => resolve();
    });
  }

  /** The refusal of a change to a document saved by a newer version of Plod, or null. */
  newerError(): ModelError | null {
    if (!this.schema || !this.info.newerSchema) return null;
    return newerDocumentError(this.schema, schemaVersionOf(this.schema, this.doc), 'app');
  }

  /**
   * Brings the document to this app's schema version (after the device copy loads, and after each
   * sync handshake, when the server's state may have brought an older document). A migration writes
   * the same values on every device, so phones that migrate apart still merge into one state.
   */
  private async migrate(): Promise<void> {
    // Only an older document loads the migrations (every kind's readers, with zod): an empty,
    // current or newer one has nothing to migrate, so the reports list opens without them.
    if (!this.schema || !needsMigration(this.schema, schemaVersionOf(this.schema, this.doc)))
      return;
    try {
      const migrate = await this.loadMigrator();
      if (!this.closed) migrate(this.name, this.doc);
    } catch (error) {
      // The document is still shown as stored: readers read older layouts too.
      console.error(`Could not migrate ${this.name}`, error);
    }
  }

  getInfo(): DocInfo {
    return this.info;
  }

  pendingCount(): number {
    return this.pending.count();
  }

  /** Edits from this device held by the server for a supervisor. */
  waitingCount(): number {
    return this.lateEdits?.state().waiting ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  read<T>(fn: (doc: Y.Doc) => T): T {
    const cached = this.snapshots.get(fn);
    if (cached && cached.version === this.version) return cached.value as T;
    const value = fn(this.doc);
    this.snapshots.set(fn, { version: this.version, value });
    return value;
  }

  setNetworkEnabled(enabled: boolean): void {
    this.networkEnabled = enabled;
    if (!enabled) this.provider.disconnect();
    else if (this.info.status === 'ready') this.provider.connect();
    this.onProviderChange();
  }

  /** Drops a stuck connection and its reconnect backoff, then connects at once. */
  reconnect(): void {
    if (!this.networkEnabled || this.info.status !== 'ready') return;
    if (!this.provider.wsconnected) this.provider.disconnect();
    this.provider.connect();
    this.onProviderChange();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pending.destroy();
    this.lateEdits?.destroy();
    this.doc.off('update', this.onUpdate);
    this.provider.destroy();
    await this.persistence.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private readonly onUpdate = () => {
    this.version += 1;
    // Any update may carry a newer version's stamp (another phone on a newer app).
    const newerSchema =
      this.schema !== null && schemaVersionOf(this.schema, this.doc) > this.schema.current;
    if (newerSchema !== this.info.newerSchema) this.info = { ...this.info, newerSchema };
    this.emit();
  };

  // Read from the provider's fields rather than its events: y-websocket emits no status event when
  // an attempt that never connected is closed. Once an attempt has failed the document counts as
  // disconnected until a connection succeeds, so the indicator does not flicker with each retry.
  private readonly onProviderChange = () => {
    if (this.closed) return;
    const { wsconnected, wsconnecting, wsUnsuccessfulReconnects } = this.provider;
    const provider: ProviderStatus = wsconnected
      ? 'connected'
      : wsconnecting && wsUnsuccessfulReconnects === 0
        ? 'connecting'
        : 'disconnected';
    if (provider === this.info.provider) return;
    this.setInfo({ provider });
    this.onStateChange();
  };

  // y-websocket fires this before it resets its own fields.
  private readonly onProviderClose = () => queueMicrotask(this.onProviderChange);

  private readonly onProviderSync = (synced: boolean) => {
    if (synced) this.lastSyncedAt = Date.now();
    this.setInfo({ serverSynced: synced });
    this.onStateChange();
    this.onProviderChange();
    // The server's state has arrived: it may be an older document this copy never held.
    if (synced) void this.migrate();
  };

  private setInfo(change: Partial<DocInfo>): void {
    this.info = { ...this.info, ...change };
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}
