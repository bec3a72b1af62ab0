import { Hono } from 'hono';
import type { Context } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { WebSocket } from 'ws';
import { isValidDocName } from '@plod/model/sync';
import { CloseCode } from '../close-codes.ts';
import type { DocumentLease, DocumentManager, SyncOpening } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import { Connection } from './connection.ts';
import type { ConnectionOptions } from './connection.ts';
import type { ConnectionRegistry } from './connection-registry.ts';
import { EarlySocket } from './early-socket.ts';
import { toGrant } from './grant.ts';
import type { AuthorizeHook } from './grant.ts';

export type { AuthorizeHook, SyncAccess, SyncDecision, SyncGrant } from './grant.ts';

export interface SyncRouteOptions extends ConnectionOptions {
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

/** How long an opened socket's silence may delay building its document (normally its step 1 comes first). */
const EARLY_ANSWER_WAIT_MS = 20;

const ignore = () => {};

/** Every error is `{ message }` (an upgrade's refusal carries only its status line). */
const text = (c: Context, status: 400 | 401 | 403 | 426 | 500 | 503, message: string) =>
  c.json({ message }, status);

/** The socket's remote address (absent when the app is called without a socket). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

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
      const decision = await options.authorize(c.req.raw, docName);
      if (decision === 'unauthenticated') return text(c, 401, 'unauthenticated');
      if (decision === 'deny') return text(c, 403, 'forbidden');
      const grant = toGrant(decision);
      const address = grant.address ?? socketAddress(c);
      let opening: SyncOpening;
      try {
        opening = await manager.openForSync(docName);
      } catch {
        // Never accept a socket onto a document that could not be read: it would look empty.
        return text(c, 500, 'document unavailable');
      }
      // Until the socket opens, the document is held (live) or its build is left to start by itself.
      const handshakeTimer = setTimeout(() => {
        if (opening.kind === 'live') opening.lease.release();
        else opening.open().then((lease) => lease.release(), ignore);
      }, options.handshakeTimeoutMs ?? 10_000);
      handshakeTimer.unref();
      let connection: Connection | null = null;
      let socketClosed = false;

      /** Turns the open socket into a Connection on the built document. */
      const join = (raw: WebSocket, lease: DocumentLease, early: EarlySocket | null) => {
        if (socketClosed || raw.readyState !== WebSocket.OPEN || !registry.accepting) {
          if (raw.readyState === WebSocket.OPEN) raw.close(1012, 'restarting');
          lease.release();
          return;
        }
        const opened = new Connection(raw, lease.live, grant, manager, options, logger, address);
        connection = opened;
        registry.add(opened);
        opened.start(early?.answered ?? false);
        const handle = (data: unknown, isBinary: boolean) => opened.handleMessage(data, isBinary);
        // Straight from ws, not Hono's onMessage: that wraps every message in a MessageEvent and
        // copies it into a fresh ArrayBuffer, a measurable share of the per-message cost.
        // (Hono attaches its own listener in the same synchronous turn, so nothing is missed.)
        if (early) early.handOver(handle);
        else raw.on('message', handle);
        lease.release();
      };

      return await upgradeWebSocket(c, {
        onOpen: (_event, ws) => {
          clearTimeout(handshakeTimer);
          const raw = ws.raw;
          if (!(raw instanceof WebSocket) || !registry.accepting) {
            ws.close(1012, 'restarting');
            if (opening.kind === 'live') opening.lease.release();
            else opening.open().then((lease) => lease.release(), ignore);
            return;
          }
          if (opening.kind === 'live') {
            join(raw, opening.lease, null);
            return;
          }
          // Answer a fresh client from the snapshot, then build; queue its messages meanwhile.
          const { open } = opening;
          let building = false;
          const build = () => {
            if (building) return;
            building = true;
            open().then(
              (lease) => join(raw, lease, early),
              (error: unknown) => {
                logger.error('document failed to build after accept', { doc: docName, error });
                if (raw.readyState === WebSocket.OPEN)
                  raw.close(CloseCode.InternalError, 'document unavailable');
              },
            );
          };
          const early = new EarlySocket(
            opening.snapshot,
            (message) => {
              if (raw.readyState === WebSocket.OPEN) raw.send(message);
            },
            build,
            options.maxBufferedBytes,
            () => raw.close(CloseCode.SlowConsumer, 'too much before ready'),
          );
          raw.on('message', (data, isBinary) => early.handleMessage(data, isBinary));
          // A client that waits for the server to speak first still gets its document.
          setTimeout(build, EARLY_ANSWER_WAIT_MS).unref();
        },
        onClose: () => {
          socketClosed = true;
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
