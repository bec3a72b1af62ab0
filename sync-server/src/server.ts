import { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { SYNC_SUBPROTOCOL } from '@plod/model/sync';
import { principalOf } from './auth/index.ts';
import { Cluster } from './cluster/cluster.ts';
import type { ClusterSettings } from './cluster/cluster.ts';
import { Ownership } from './cluster/ownership.ts';
import { createLogger } from './logger.ts';
import { ServerMetrics } from './metrics/metrics.ts';
import { mountMetrics } from './metrics/route.ts';
import type { Logger, LogLevel } from './logger.ts';
import { DEFAULT_HTTP_LIMITS, HttpConnections, httpServerOptions } from './http-limits.ts';
import type { HttpLimits } from './http-limits.ts';
import { createHealthRoutes } from './routes/health.ts';
import { DEFAULT_MAX_BODY_BYTES, mountRest } from './rest/index.ts';
import { restErrorHandler } from './http/errors.ts';
import { WriteGuard } from './rest/write-guard.ts';
import { StorageStatus } from './storage-status.ts';
import type { RestServices } from './product/services.ts';
import { mountWeb, rejectMalformedUrls } from './rest/web.ts';
import type { DocumentStore } from './store/document-store.ts';
import { openStorage } from './storage.ts';
import type { StorageOptions } from './storage.ts';
import type { AuthorizeHook } from './sync/grant.ts';
import type { Accounts } from './auth/index.ts';
import type { ScryptParams } from './auth/passwords.ts';
import { DEFAULT_SYNC_QUOTA } from './extensions/quota.ts';
import { createProduct } from './product/product.ts';
import type { HoldFactory } from './extensions/late-edits.ts';
import type { DocumentManager, DocumentManagerOptions } from './docs/document-manager.ts';
import type { ConnectionRegistry } from './sync/connection-registry.ts';
import { Relay } from './relay/relay.ts';
import { RestingCollector, restingHeapExtension } from './extensions/resting-heap.ts';

export const VERSION = '0.1.0';

/**
 * The document manager's tuning, passed on as DocumentManagerOptions documents it
 * (commitsPerSecond: PLOD_COMMITS_PER_SECOND; reclaimAfterUpdates: PLOD_RECLAIM_AFTER_UPDATES).
 */
type DocumentTuning = Pick<
  DocumentManagerOptions,
  | 'unloadGraceMs'
  | 'commitsPerSecond'
  | 'compactAfterUpdates'
  | 'compactAfterBytes'
  | 'reclaimAfterUpdates'
  | 'reclaimIntervalMs'
>;

export interface ServerOptions extends StorageOptions, DocumentTuning {
  /**
   * Replaces the access policy for /sync upgrades (tests of the relay's own behaviour). Without it,
   * sessions and device tokens decide (see auth/sync-policy.ts).
   */
  authorize?: AuthorizeHook;
  /**
   * Development only (PLOD_INSECURE_ALLOW_ALL): a request without credentials acts as a supervisor,
   * and `start()` refuses any host but loopback. Default false.
   */
  insecureAllowAll?: boolean;
  /** The first supervisor, created when there is none (PLOD_ADMIN_USERNAME / PLOD_ADMIN_PASSWORD). */
  admin?: { username: string; password: string };
  /** The first crew access code, used when there is none (PLOD_CREW_CODE). */
  crewCode?: string;
  /** Session lifetime in hours (PLOD_SESSION_HOURS, default 12). */
  sessionHours?: number;
  /**
   * Tests only, never from the environment: a cheaper scrypt cost for new password hashes, so a
   * suite that starts hundreds of servers spends its time on behaviour (default SCRYPT_PARAMS).
   */
  passwordCost?: ScryptParams;
  /** Origins besides the server's own that may send cookie-authenticated writes (PLOD_ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  /** Origins that get CORS headers, with credentials (PLOD_CORS_ORIGINS); none by default. */
  corsOrigins?: string[];
  /** Behind a reverse proxy: client address and scheme from X-Forwarded-* (PLOD_TRUST_PROXY). */
  trustProxy?: boolean;
  /** The clock for sessions and throttling (tests move it instead of waiting). */
  now?: () => number;
  /** Where a crew device's updates to a report are kept aside once the report is submitted. */
  holdFor?: HoldFactory;
  /** Late edits one device may have waiting on one report (PLOD_LATE_EDITS_PER_DEVICE, 500). */
  lateEditsPerDevice?: number;
  maxMessageBytes?: number;
  /** A presence (awareness) message above this closes its socket (PLOD_MAX_PRESENCE_BYTES, 4 KiB). */
  maxPresenceBytes?: number;
  /** Updates one device may send to one plod in an hour (PLOD_UPDATES_PER_DEVICE_HOUR, 3600). */
  updatesPerDeviceHour?: number;
  /** Bytes of updates one device may send in a day (PLOD_BYTES_PER_DEVICE_DAY, 32 MiB). */
  bytesPerDeviceDay?: number;
  maxBufferedBytes?: number;
  maxPendingUpgrades?: number;
  maxConnections?: number;
  /** Sync sockets showing presence are pinged this often (a couple of bytes each). */
  pingIntervalMs?: number;
  /** Other sync sockets are pinged this often. */
  idlePingMs?: number;
  /** A sync socket silent (no pong, no frame) this long loses its presence: crewmates see it gone. */
  presenceTimeoutMs?: number;
  /** A sync socket silent this long is dropped. */
  silentCloseMs?: number;
  closeTimeoutMs?: number;
  logger?: Logger;
  logLevel?: LogLevel;
  /** REST request bodies above this many bytes get 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** The bearer token `GET /metrics` asks for (PLOD_METRICS_TOKEN); without one it answers 404. */
  metricsToken?: string;
  /** Built web app to serve (SPA fallback); absent folder: skipped with a log line. */
  webDir?: string;
  /**
   * Header, request and keep-alive timeouts, and the cap of connections per address (by default
   * none behind a trusted proxy, whose address every connection would share).
   */
  httpLimits?: Partial<HttpLimits>;
  /** How long a shutdown waits for requests in flight before closing their connections. */
  drainGraceMs?: number;
  /** One process of several on `databaseUrl` (PLOD_CLUSTER_SECRET); see cluster/cluster.ts. */
  cluster?: ClusterSettings;
  /**
   * On PostgreSQL: called if the connection holding this process's locks on the database breaks
   * (another process may take the documents from then on: main.ts exits). By default the server
   * closes. One of several processes uses `cluster.onLost` first.
   */
  onLockLost?: (error: Error) => void;
}

export interface RunningServer {
  port: number;
  /** Stops accepting, closes sockets with 1012, commits pending writes and closes the store. */
  close(): Promise<void>;
}

export interface PlodServer {
  /** The Hono app: mount REST sub-apps with `app.route('/api/<resource>', routes)`. */
  app: Hono;
  /** The relay core (documents, sockets) and its extensions' hooks: `relay.use(...)` adds one. */
  relay: Relay;
  manager: DocumentManager;
  store: DocumentStore;
  registry: ConnectionRegistry;
  logger: Logger;
  /** The REST layer's services (documents, projections, reports...). */
  rest: RestServices;
  /** Supervisors, sessions, devices and the crew access code. */
  accounts: Accounts;
  /** Ownership and forwarding when one process of several, else null. */
  cluster: Cluster | null;
  /**
   * On PostgreSQL, the connection holding this process's locks on the database (the cluster's
   * ownership, or the lock of a process serving it alone); its `connect()` rejects with
   * `ServingRefused` when this process may not serve the database. Null on SQLite.
   */
  ownership: Ownership | null;
  start(port?: number, hostname?: string): Promise<RunningServer>;
  /** Same as the running server's close; also usable if never started. */
  close(): Promise<void>;
}

export const DEFAULTS = {
  maxMessageBytes: 8 * 1024 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxPresenceBytes: 4 * 1024,
  maxPendingUpgrades: 256,
  maxConnections: 20_000,
  unloadGraceMs: 10_000,
  pingIntervalMs: 2_000,
  // A phone out of signal shows gone within presenceTimeoutMs + pingIntervalMs (6 s) of its last
  // frame: inside the 10 s crews are promised. A healthy socket answers each ping well within 4 s.
  presenceTimeoutMs: 4_000,
  idlePingMs: 15_000,
  silentCloseMs: 30_000,
  closeTimeoutMs: 2_000,
  drainGraceMs: 5_000,
} as const;

export function createServer(options: ServerOptions = {}): PlodServer {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const storage = openStorage(options, logger);
  const { store } = storage;
  const metrics = new ServerMetrics();
  // Whether the store can write: commits tell it, and (SQLite) a probe on its database when asked.
  const storeHealth = new StorageStatus(
    store.probe
      ? () => store.probe?.()
      : () => {
          throw new Error('only a commit tells whether this store writes again');
        },
    () => manager.queue.retryNow(),
  );
  if (options.cluster && !options.databaseUrl) {
    throw new Error('several processes (PLOD_CLUSTER_SECRET) need PLOD_DATABASE_URL');
  }
  const onLockLost = options.onLockLost ?? (() => void close());
  const cluster =
    options.cluster && options.databaseUrl
      ? new Cluster(options.cluster, options.databaseUrl, logger, onLockLost)
      : null;
  // On PostgreSQL without the secret, this process must be the only one on the database: it holds
  // a lock saying so (cluster/ownership.ts), and refuses to start beside another process.
  const ownership =
    cluster?.ownership ??
    (options.databaseUrl
      ? new Ownership({
          databaseUrl: options.databaseUrl,
          logger,
          onLost: onLockLost,
          serving: 'alone',
        })
      : null);
  const serving = ownership?.connect() ?? null;
  serving?.catch(() => undefined);
  // The relay core; the product plugs in below, through its extensions' hooks.
  const relay = new Relay({
    // No document is loaded or written before this process is allowed to serve the database.
    store: metrics.meter(serving ? whenServing(store, serving) : store),
    logger,
    storage: storeHealth,
    unloadGraceMs: options.unloadGraceMs ?? DEFAULTS.unloadGraceMs,
    commitsPerSecond: options.commitsPerSecond,
    compactAfterUpdates: options.compactAfterUpdates,
    compactAfterBytes: options.compactAfterBytes,
    reclaimAfterUpdates: options.reclaimAfterUpdates,
    reclaimIntervalMs: options.reclaimIntervalMs,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULTS.maxBufferedBytes,
    maxPresenceBytes: options.maxPresenceBytes ?? DEFAULTS.maxPresenceBytes,
    closeTimeoutMs: options.closeTimeoutMs ?? DEFAULTS.closeTimeoutMs,
    maxPendingUpgrades: options.maxPendingUpgrades ?? DEFAULTS.maxPendingUpgrades,
    maxConnections: options.maxConnections ?? DEFAULTS.maxConnections,
    // One process of several: documents owned elsewhere are served through their owner.
    createManager: cluster ? (managerOptions) => cluster.createManager(managerOptions) : undefined,
  });
  const { manager, registry } = relay;
  const allowAll = options.insecureAllowAll ?? false;
  // The product (access, services, the extensions that read and guard plods), built once.
  const product = createProduct({
    manager,
    registry,
    store,
    appDb: storage.appDb,
    logger,
    access: {
      now: options.now,
      sessionHours: options.sessionHours,
      ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
      insecureAllowAll: allowAll,
      admin: options.admin,
      crewCode: options.crewCode,
      allowedOrigins: options.allowedOrigins,
      corsOrigins: options.corsOrigins,
      trustProxy: options.trustProxy,
      credentialsDir: storage.credentialsDir,
    },
    lateEditsPerDevice: options.lateEditsPerDevice,
    quota: {
      updatesPerHour: options.updatesPerDeviceHour ?? DEFAULT_SYNC_QUOTA.updatesPerHour,
      bytesPerDay: options.bytesPerDeviceDay ?? DEFAULT_SYNC_QUOTA.bytesPerDay,
    },
    ...(options.authorize ? { authorize: options.authorize } : {}),
    ...(options.holdFor ? { holdFor: options.holdFor } : {}),
  });
  const { access, services } = product;
  for (const extension of product.extensions) relay.use(extension);
  // Once no document is in memory, what they held is collected (see extensions/resting-heap.ts).
  const restingHeap = new RestingCollector();
  relay.use(restingHeapExtension(manager, restingHeap));
  if (allowAll) {
    logger.warn(
      'PLOD_INSECURE_ALLOW_ALL is on: every request without credentials acts as a supervisor (development only; loopback only)',
    );
  }
  const startedAt = Date.now();

  const app = new Hono();
  // The same mapping as /api's (http/errors.ts), for what fails outside it.
  app.onError(restErrorHandler(logger, storeHealth));
  app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  // Before every route: headers on every answer, malformed paths refused, then CORS (if
  // configured) and access for /api.
  app.use('*', access.headers);
  app.use('*', rejectMalformedUrls());
  if (access.cors) app.use('/api/*', access.cors);
  app.use('/api/*', access.middleware);
  app.route(
    '/api/health',
    createHealthRoutes({
      version: VERSION,
      startedAt,
      openDocuments: () => manager.openDocuments,
      connections: () => registry.size,
      signedIn: (c) => principalOf(c) !== null,
      storage: () => storeHealth.current(),
    }),
  );
  // One process of several: sockets of documents owned elsewhere are forwarded before /sync.
  if (cluster) {
    cluster.mount(
      app,
      (request, docName) => relay.authorize(request, docName),
      options.maxBufferedBytes ?? DEFAULTS.maxBufferedBytes,
    );
  }
  app.route('/sync', relay.routes);
  mountRest(app, {
    services,
    logger,
    version: VERSION,
    maxBodyBytes: options.maxBodyBytes,
    storage: storeHealth,
    access,
  });
  mountMetrics(app, metrics, options.metricsToken, async () => ({
    documentsOpen: manager.openDocuments,
    sockets: registry.size,
    lateEditsWaiting: await services.lateEdits.waitingCount(),
    cluster: cluster?.metrics(),
  }));
  const writes = new WriteGuard({
    storage: storeHealth,
    db: storage.appDb,
    logger,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  });
  if (options.webDir) mountWeb(app, options.webDir, logger);

  let http: ServerType | null = null;
  let connections: HttpConnections | null = null;
  let closing: Promise<void> | null = null;
  const httpLimits: HttpLimits = {
    ...DEFAULT_HTTP_LIMITS,
    ...(options.trustProxy ? { maxConnectionsPerAddress: 0 } : {}),
    ...options.httpLimits,
  };

  /**
   * Stops accepting; sockets get 1012 and a moment to close; idle, silent and half-sent HTTP
   * connections are closed at once and requests in flight get `drainGraceMs`; then what is queued
   * is committed and the store closed.
   */
  const close = (): Promise<void> => {
    closing ??= (async () => {
      registry.closeAll();
      cluster?.closeSockets();
      const server = http;
      const stopped = server
        ? new Promise<void>((resolve) => server.close(() => resolve()))
        : Promise.resolve();
      await registry.whenEmpty(options.closeTimeoutMs ?? DEFAULTS.closeTimeoutMs);
      await connections?.drain(options.drainGraceMs ?? DEFAULTS.drainGraceMs);
      await stopped;
      await product.close();
      restingHeap.stop();
      await manager.close();
      // The reports index as the documents now hold it matches the table: the next start trusts it.
      await services.projector.recordIndex(store);
      await store.close();
      // Answers kept for Idempotency-Key retries are saved before their database closes.
      await writes.settled();
      await storage.appDb.close();
      await ownership?.close();
      logger.info('server stopped');
    })();
    return closing;
  };

  const start = async (port = 8787, hostname?: string): Promise<RunningServer> => {
    // The first start's crew code and supervisor are in the app database before anyone is served.
    await access.ready;
    await serving;
    return new Promise((resolve, reject) => {
      if (allowAll && !isLoopback(hostname)) {
        reject(
          new Error(
            `PLOD_INSECURE_ALLOW_ALL is a development flag: it only listens on loopback (127.0.0.1, ::1, localhost), not on ${hostname ?? 'all interfaces'}. Set HOST=127.0.0.1 or turn the flag off.`,
          ),
        );
        return;
      }
      const wss = new WebSocketServer({
        noServer: true,
        maxPayload: options.maxMessageBytes ?? DEFAULTS.maxMessageBytes,
        // A client that sends its token as a subprotocol also offers `plod`: that one is chosen,
        // so the token is never echoed back (and a browser requires one of its own to be chosen).
        handleProtocols: (protocols) =>
          protocols.has(SYNC_SUBPROTOCOL) ? SYNC_SUBPROTOCOL : false,
      });
      const server = serve(
        {
          fetch: (request: Request, env: unknown) =>
            writes.handle(request, async (next) => app.fetch(next, env)),
          port,
          hostname,
          websocket: { server: wss },
          serverOptions: httpServerOptions(),
        },
        (info: AddressInfo) => {
          registry.startKeepalive(options.pingIntervalMs ?? DEFAULTS.pingIntervalMs, {
            presenceAfterMs: options.presenceTimeoutMs ?? DEFAULTS.presenceTimeoutMs,
            closeAfterMs: options.silentCloseMs ?? DEFAULTS.silentCloseMs,
            idlePingMs: options.idlePingMs ?? DEFAULTS.idlePingMs,
          });
          services.autoCleanup.start();
          const listening = () => {
            logger.info('server listening', { port: info.port });
            resolve({ port: info.port, close });
          };
          if (cluster) cluster.register(info.port).then(listening, reject);
          else listening();
        },
      );
      server.once('error', reject);
      http = server;
      if (server instanceof HttpServer)
        connections = new HttpConnections(server, httpLimits, logger);
    });
  };

  return {
    app,
    relay,
    manager,
    store,
    registry,
    logger,
    rest: services,
    accounts: access.accounts,
    cluster,
    ownership,
    start,
    close,
  };
}

/**
 * The store, with every document load and write waiting for `serving` (and failing with it): a
 * process refused the database never reads a document to serve or writes one.
 */
function whenServing(store: DocumentStore, serving: Promise<void>): DocumentStore {
  const after = <T>(work: () => Promise<T>) => serving.then(work);
  return {
    load: (docName) => after(() => store.load(docName)),
    append: (entries) => after(() => store.append(entries)),
    appendPacked: (packed) => after(() => store.appendPacked(packed)),
    compact: (docName, snapshot, throughSeq) =>
      after(() => store.compact(docName, snapshot, throughSeq)),
    delete: (docName) => after(() => store.delete(docName)),
    listDocuments: () => store.listDocuments(),
    oldestUncompacted: (limit) => store.oldestUncompacted(limit),
    latestSeqs: (prefix) => store.latestSeqs(prefix),
    ...(store.probe ? { probe: () => store.probe?.() } : {}),
    close: () => store.close(),
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

/** True for a host that only this machine can reach (any 127.x address counts). */
export function isLoopback(hostname: string | undefined): boolean {
  if (hostname === undefined) return false;
  return LOOPBACK.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}
