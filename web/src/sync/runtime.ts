import { syncSubprotocols } from '@plod/model/sync';
import type * as Y from 'yjs';
import {
  getAuthState,
  requestToken,
  revalidateAuth,
  startAuthRevalidation,
  subscribeAuth,
} from '../auth';
import type { Actor } from '@plod/model/history';
import { appActor, subscribeActor } from './actor';
import { ConnectionController, readNetworkEnabled } from './connection';
import { CompletedChanges, watchCompletedChanges } from './completed-changes';
import { DownloadedDocs } from './downloaded';
import { SeenDecisions, createLateEdits, storedWaitingNames } from './late-edits';
import { createDurablePending, storedPendingNames, type AttachPending } from './pending';
import { keepReferenceData, type WhenFree } from './reference';
import { DocumentRegistry, type RegistryOptions } from './registry';
import { SyncRefusals } from './refusals';

/** Everything screens need to reach documents: made once per app, outside React's render. */
export interface SyncRuntime {
  readonly registry: DocumentRegistry;
  readonly connection: ConnectionController;
  /** Documents this device has had from the server at least once. */
  readonly downloaded: DownloadedDocs;
  /** Plods that changed here after this phone saw them completed. */
  readonly completedChanges: CompletedChanges;
  /** Late-edit decisions the crew has acknowledged on this phone. */
  readonly seenDecisions: SeenDecisions;
  /** Documents whose changes the server refused, with its reason, until they sync again. */
  readonly refusals: SyncRefusals;
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
  /** Who the connections speak for; defaults to this device's sign-in and join (web/src/auth). */
  auth?: SyncAuth | null;
  /** Who changes to reports are by; defaults to this device's person, device and sign-in. */
  actor?: { current(): Actor | null; subscribe(listener: () => void): () => void } | null;
  /** Watches each document while it is open (the app keeps its list of plods current). */
  watchDoc?: (entry: { name: string; doc: Y.Doc; whenReady: Promise<void> }) => () => void;
  /** Tests wrap the migrations run as documents load; defaults to the model's. */
  loadMigrator?: RegistryOptions['loadMigrator'];
  /**
   * When the hole register starts to be kept open (see `keepReferenceData`); at once by default.
   * The app passes `afterFirstScreen`: it is read whole as it opens, which a first screen need not
   * wait for.
   */
  holesWhenFree?: WhenFree;
}

/** What the relay connections need from sign-in and device join. */
export interface SyncAuth {
  /**
   * The device token, offered as a WebSocket subprotocol on each upgrade (never in the URL); null
   * while a supervisor is signed in, whose session cookie goes with the upgrade by itself.
   */
  token(): string | null;
  /** Changes whenever the connections should be made afresh (new token, sign-in, sign-out). */
  identity(): string;
  subscribe(listener: () => void): () => void;
  /** The server closed a connection for good (e.g. 4401, device revoked): time to ask who we are. */
  refused(): void;
  /** Asks the server who this device is, now and whenever signal returns; the result stops it. */
  start?(): () => void;
  /**
   * Joined or a supervisor signed in: the reference documents (sites, rigs, crew, tools, holes) are
   * then kept open and current. Without it they open only when a screen reads them.
   */
  signedIn?(): boolean;
}

/** The app's own sign-in state. */
export const appSyncAuth: SyncAuth = {
  token: requestToken,
  identity() {
    const state = getAuthState();
    const account = state.kind === 'supervisor' || state.kind === 'client' ? state.username : '';
    return `${requestToken() ?? ''}|${state.kind}:${account}`;
  },
  subscribe: subscribeAuth,
  signedIn: () => getAuthState().kind !== 'none',
  refused() {
    void revalidateAuth();
  },
  start: startAuthRevalidation,
};

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
  const auth = options.auth === undefined ? appSyncAuth : options.auth;
  const actor =
    options.actor === undefined ? { current: appActor, subscribe: subscribeActor } : options.actor;
  const completedChanges = new CompletedChanges(storage);
  // Connects a refused document again later (called only once the registry below exists).
  const refusals = new SyncRefusals((name) => registry.reconnect(name));
  const registry = new DocumentRegistry({
    watch: (entry) => {
      const stopCompleted = watchCompletedChanges(
        entry.name,
        entry.doc,
        entry.provider,
        completedChanges,
      );
      // A handshake with the server after a refusal: the document's changes are taken again.
      const onSync = (synced: boolean) => {
        if (synced) refusals.synced(entry.name);
      };
      entry.provider.on('sync', onSync);
      const stopWatch = options.watchDoc?.(entry) ?? (() => {});
      return () => {
        stopWatch();
        stopCompleted();
        entry.provider.off('sync', onSync);
      };
    },
    serverUrl: options.serverUrl ?? syncUrlFor(globalThis.location),
    networkEnabled: readNetworkEnabled(storage),
    ...(options.idleCloseMs !== undefined ? { idleCloseMs: options.idleCloseMs } : {}),
    attachPending: options.attachPending ?? createDurablePending(storage),
    attachLateEdits: createLateEdits(storage),
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    ...(options.createPersistence ? { createPersistence: options.createPersistence } : {}),
    ...(options.createProvider ? { createProvider: options.createProvider } : {}),
    ...(auth ? { connectionProtocols: syncSubprotocols(auth.token()) } : {}),
    onConnectionRefused: (code, name, reason) => {
      // Any refusal may mean the device was revoked or the session ended: ask who we are.
      auth?.refused();
      refusals.refused(name, code, reason);
    },
    ...(actor ? { actor: actor.current } : {}),
    ...(options.loadMigrator ? { loadMigrator: options.loadMigrator } : {}),
  });
  const stopActor = actor?.subscribe(() => registry.refreshActor()) ?? (() => {});
  // Before the identity listener below: a sign-out lets the reference documents go first, so they
  // close rather than reconnect as nobody.
  const signedIn = auth?.signedIn;
  const stopReference =
    auth && signedIn
      ? keepReferenceData(registry, () => signedIn(), auth.subscribe, options.holesWhenFree)
      : () => {};
  // A join, a revoked token, a sign-in or sign-out: connections are made afresh with who is here now.
  let identity = auth?.identity() ?? '';
  const stopAuth =
    auth?.subscribe(() => {
      const next = auth.identity();
      if (next === identity) return;
      identity = next;
      registry.setConnectionProtocols(syncSubprotocols(auth.token()));
    }) ?? (() => {});
  const stopRevalidation = auth?.start?.() ?? (() => {});
  const downloaded = new DownloadedDocs(storage);
  const stopDownloaded = registry.onStateChange(() => {
    for (const state of registry.providerStates()) if (state.synced) downloaded.mark(state.name);
  });
  // Documents left with unsent changes are opened at once: their count shows, and they sync as soon
  // as there is signal, whichever screen the crew opens. The registry keeps them open until acknowledged.
  for (const name of storedPendingNames(storage)) registry.entry(name);
  // So are documents with edits waiting for a supervisor: the phone hears the decision.
  for (const name of storedWaitingNames(storage)) registry.entry(name);
  const connection = new ConnectionController(registry, {
    storage,
    events: typeof window === 'undefined' ? null : window,
    isBrowserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  });
  return {
    registry,
    connection,
    downloaded,
    completedChanges,
    seenDecisions: new SeenDecisions(storage),
    refusals,
    async dispose() {
      refusals.destroy();
      stopAuth();
      stopActor();
      stopRevalidation();
      stopReference();
      stopDownloaded();
      connection.dispose();
      await registry.destroy();
    },
  };
}
