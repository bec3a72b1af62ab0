import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { REPORTS_INDEX_DOC_NAME } from '@plod/model';
import { DocumentManager } from './docs/document-manager.ts';
import { createLogger } from './logger.ts';
import type { Logger, LogLevel } from './logger.ts';
import { createHealthRoutes } from './routes/health.ts';
import { mountRest } from './rest/index.ts';
import type { RestServices } from './rest/services.ts';
import { mountWeb } from './rest/web.ts';
import type { DocumentStore } from './store/document-store.ts';
import { DATABASE_FILE } from './store/sqlite-store.ts';
import type { SqliteSynchronous } from './store/sqlite-store.ts';
import { WorkerSqliteStore } from './store/worker-sqlite-store.ts';
import { ConnectionRegistry } from './sync/connection-registry.ts';
import { createSyncRoutes } from './sync/sync-route.ts';
import { toGrant } from './sync/grant.ts';
import type { AuthorizeHook } from './sync/grant.ts';

const SERVER_WRITTEN_DOCS: ReadonlySet<string> = new Set([REPORTS_INDEX_DOC_NAME]);

export const VERSION = '0.1.0';

export interface ServerOptions {
  /** Folder of the SQLite database (`plod.db`); ignored when `store` is given. Default ./data. */
  dataDir?: string;
  /** A store to use instead of SQLite in dataDir (e.g. MemoryStore, or a failing one in tests). */
  store?: DocumentStore;
  sqliteSynchronous?: SqliteSynchronous;
  /** Decides write/read/deny per upgrade. Without it, `insecureAllowAll` decides. */
  authorize?: AuthorizeHook;
  /** With no authorize hook: true lets every request write every document (default until access control lands). */
  insecureAllowAll?: boolean;
  maxMessageBytes?: number;
  maxBufferedBytes?: number;
  maxPendingUpgrades?: number;
  maxConnections?: number;
  unloadGraceMs?: number;
  compactAfterUpdates?: number;
  compactAfterBytes?: number;
  pingIntervalMs?: number;
  closeTimeoutMs?: number;
  logger?: Logger;
  logLevel?: LogLevel;
  /** REST request bodies above this many bytes get 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** Built web app to serve (SPA fallback); absent folder: skipped with a log line. */
  webDir?: string;
}

export interface RunningServer {
  port: number;
  /** Stops accepting, closes sockets with 1012, commits pending writes and closes the store. */
  close(): Promise<void>;
}

export interface PlodServer {
  /** The Hono app: mount REST sub-apps with `app.route('/api/<resource>', routes)`. */
  app: Hono;
  manager: DocumentManager;
  store: DocumentStore;
  registry: ConnectionRegistry;
  logger: Logger;
  /** The REST layer's services (documents, projections, reports...). */
  rest: RestServices;
  start(port?: number, hostname?: string): Promise<RunningServer>;
  /** Same as the running server's close; also usable if never started. */
  close(): Promise<void>;
}

export const DEFAULTS = {
  maxMessageBytes: 8 * 1024 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxPendingUpgrades: 256,
  maxConnections: 20_000,
  unloadGraceMs: 10_000,
  pingIntervalMs: 30_000,
  closeTimeoutMs: 2_000,
} as const;

export function createServer(options: ServerOptions = {}): PlodServer {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const store =
    options.store ??
    new WorkerSqliteStore(path.join(options.dataDir ?? './data', DATABASE_FILE), {
      synchronous: options.sqliteSynchronous ?? 'FULL',
      logger,
    });
  const manager = new DocumentManager({
    store,
    logger,
    unloadGraceMs: options.unloadGraceMs ?? DEFAULTS.unloadGraceMs,
    compactAfterUpdates: options.compactAfterUpdates,
    compactAfterBytes: options.compactAfterBytes,
  });
  const registry = new ConnectionRegistry();
  const allowAll = options.insecureAllowAll ?? true;
  const decide: AuthorizeHook = options.authorize ?? (() => (allowAll ? 'write' : 'deny'));
  // Documents the server writes itself (the reports index, projected from the reports) are
  // read-only to every socket, whatever the hook says: a device could otherwise forge list rows.
  const authorize: AuthorizeHook = async (request, docName) => {
    const decision = await decide(request, docName);
    if (decision === 'deny' || decision === 'unauthenticated') return decision;
    const grant = toGrant(decision);
    return grant.access === 'write' && SERVER_WRITTEN_DOCS.has(docName)
      ? { ...grant, access: 'read' }
      : grant;
  };
  if (!options.authorize && allowAll) {
    logger.warn('insecureAllowAll: every client may read and write every document');
  }
  const startedAt = Date.now();

  const app = new Hono();
  app.onError((error, c) => {
    logger.error('request failed', { path: c.req.path, error });
    return c.json({ message: 'internal error' }, 500);
  });
  app.route(
    '/api/health',
    createHealthRoutes({
      version: VERSION,
      startedAt,
      openDocuments: () => manager.openDocuments,
      connections: () => registry.size,
    }),
  );
  app.route(
    '/sync',
    createSyncRoutes({
      manager,
      registry,
      authorize,
      logger,
      maxBufferedBytes: options.maxBufferedBytes ?? DEFAULTS.maxBufferedBytes,
      closeTimeoutMs: options.closeTimeoutMs ?? DEFAULTS.closeTimeoutMs,
      maxPendingUpgrades: options.maxPendingUpgrades ?? DEFAULTS.maxPendingUpgrades,
      maxConnections: options.maxConnections ?? DEFAULTS.maxConnections,
    }),
  );
  const rest = mountRest(app, {
    manager,
    store,
    logger,
    version: VERSION,
    maxBodyBytes: options.maxBodyBytes,
  });
  if (options.webDir) mountWeb(app, options.webDir, logger);

  let http: ServerType | null = null;
  let closing: Promise<void> | null = null;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      registry.closeAll();
      if (http) {
        const server = http;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
      }
      await registry.whenEmpty(options.closeTimeoutMs ?? DEFAULTS.closeTimeoutMs);
      await rest.close();
      await manager.close();
      await store.close();
      logger.info('server stopped');
    })();
    return closing;
  };

  const start = (port = 8787, hostname?: string): Promise<RunningServer> =>
    new Promise((resolve, reject) => {
      const wss = new WebSocketServer({
        noServer: true,
        maxPayload: options.maxMessageBytes ?? DEFAULTS.maxMessageBytes,
      });
      const server = serve(
        { fetch: app.fetch, port, hostname, websocket: { server: wss } },
        (info: AddressInfo) => {
          registry.startKeepalive(options.pingIntervalMs ?? DEFAULTS.pingIntervalMs);
          logger.info('server listening', { port: info.port });
          resolve({ port: info.port, close });
        },
      );
      server.once('error', reject);
      http = server;
    });

  return { app, manager, store, registry, logger, rest: rest.services, start, close };
}
