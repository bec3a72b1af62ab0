import { Hono } from 'hono';
import type { Context } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { WebSocket } from 'ws';
import { isValidDocName } from '@plod/model/sync';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { Connection } from './connection.ts';
import type { ConnectionLimits } from './connection.ts';
import type { ConnectionRegistry } from './connection-registry.ts';

/** What a request may do with a document; decided before the WebSocket is accepted. */
export type SyncAccess = 'write' | 'read' | 'deny' | 'unauthenticated';
export type AuthorizeHook = (request: Request, docName: string) => SyncAccess | Promise<SyncAccess>;

export interface SyncRouteOptions extends ConnectionLimits {
  manager: DocumentManager;
  registry: ConnectionRegistry;
  authorize: AuthorizeHook;
  logger: Logger;
  /** Upgrades being authorized and loaded at once; beyond it, HTTP 503 before accepting. */
  maxPendingUpgrades: number;
  /** Open sockets plus pending upgrades; beyond it, HTTP 503. */
  maxConnections: number;
  /** Release the document if the client never completes the handshake within this time. */
  handshakeTimeoutMs?: number;
}

const text = (c: Context, status: 400 | 401 | 403 | 426 | 500 | 503, message: string) =>
  c.text(message, status);

/** `/sync/{docName}`: the y-websocket endpoint, as a Hono sub-app mounted at /sync. */
export function createSyncRoutes(options: SyncRouteOptions): Hono {
  const { manager, registry, logger } = options;
  const app = new Hono();
  let pendingUpgrades = 0;

  app.get('/:docName', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return text(c, 426, 'WebSocket upgrade required');
    }
    const docName = c.req.param('docName');
    if (!isValidDocName(docName)) return text(c, 400, 'invalid document name');
    if (
      !registry.accepting ||
      pendingUpgrades >= options.maxPendingUpgrades ||
      registry.size + pendingUpgrades >= options.maxConnections
    ) {
      logger.warn('upgrade refused: busy', { doc: docName, pending: pendingUpgrades });
      return text(c, 503, 'busy, retry later');
    }
    pendingUpgrades += 1;
    try {
      const access = await options.authorize(c.req.raw, docName);
      if (access === 'unauthenticated') return text(c, 401, 'unauthenticated');
      if (access !== 'write' && access !== 'read') return text(c, 403, 'forbidden');
      let lease;
      try {
        lease = await manager.open(docName);
      } catch {
        // Never accept a socket onto a document that could not be read: it would look empty.
        return text(c, 500, 'document unavailable');
      }
      const handshakeTimer = setTimeout(
        () => lease.release(),
        options.handshakeTimeoutMs ?? 10_000,
      );
      handshakeTimer.unref();
      let connection: Connection | null = null;
      return await upgradeWebSocket(c, {
        onOpen: (_event, ws) => {
          clearTimeout(handshakeTimer);
          const raw = ws.raw;
          if (!(raw instanceof WebSocket) || !registry.accepting) {
            ws.close(1012, 'restarting');
            lease.release();
            return;
          }
          const opened = new Connection(raw, lease.live, access, manager, options, logger);
          connection = opened;
          // Straight from ws, not Hono's onMessage: that wraps every message in a MessageEvent and
          // copies it into a fresh ArrayBuffer, a measurable share of the per-message cost.
          // (Hono attaches its own listener in the same synchronous turn, so nothing is missed.)
          raw.on('message', (data, isBinary) => opened.handleMessage(data, isBinary));
          registry.add(opened);
          opened.start();
          lease.release();
        },
        onClose: () => {
          if (!connection) return;
          registry.delete(connection);
          connection.closed();
        },
        onError: (event) => {
          logger.debug('socket error', { doc: docName, error: String(event) });
        },
      });
    } catch (error) {
      logger.error('upgrade failed', { doc: docName, error });
      return text(c, 500, 'internal error');
    } finally {
      pendingUpgrades -= 1;
    }
  });

  return app;
}
