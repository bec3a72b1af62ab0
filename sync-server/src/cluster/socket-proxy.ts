import type { MiddlewareHandler } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { WebSocket } from 'ws';
import type { RawData } from 'ws';
import { isValidDocName } from '@plod/model/sync';
import type { Logger } from '../logger.ts';
import type { AuthorizeHook } from '../sync/grant.ts';
import type { Ownership, PeerProcess } from './ownership.ts';

/** Service restart: a stock y-websocket client reconnects (through the balancer) by itself. */
const RESTARTING = 1012;
/** Try again later: the owner could not be reached or refused the forwarded socket. */
const TRY_AGAIN = 1013;
/** Close codes a peer may not send itself (they only describe a missing close frame). */
const RESERVED = new Set([1004, 1005, 1006, 1015]);

export interface SocketProxyOptions {
  ownership: Ownership;
  authorize: AuthorizeHook;
  logger: Logger;
  /** Bytes a client may send before the owner's socket opens; beyond it the client is closed. */
  maxBufferedBytes: number;
  /** How often proxied sockets are pinged (a client gone silently is dropped after two). */
  pingIntervalMs?: number;
}

const FORWARDED_HEADERS = ['cookie', 'origin', 'user-agent', 'x-forwarded-proto'] as const;

function clientAddress(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function ownerSocketUrl(owner: PeerProcess, requestUrl: string): string {
  const incoming = new URL(requestUrl);
  const target = new URL(incoming.pathname + incoming.search, owner.address);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  return target.toString();
}

/**
 * Sockets whose document another process owns: accepted here and piped, frame by frame, to a socket
 * of this process's own on the owner, which serves it like its own sockets (it authorizes it again with the
 * same cookie or token, stores its updates, answers its durability barriers). Every socket of a
 * document is thus served by one process, and no update has to be fanned out between processes.
 * When the owner dies, its end closes and so does the client's: the client reconnects, through the
 * load balancer, to a process that takes the document over from the store.
 */
export class SocketProxy {
  private readonly sockets = new Set<WebSocket>();
  /** Sockets heard from (a pong or a message) since the last ping. */
  private readonly alive = new WeakSet<WebSocket>();
  private readonly pingTimer: NodeJS.Timeout;
  private accepting = true;
  /** Sockets forwarded since start, for /metrics. */
  forwardedTotal = 0;

  constructor(private readonly options: SocketProxyOptions) {
    this.pingTimer = setInterval(() => {
      for (const socket of this.sockets) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }, options.pingIntervalMs ?? 30_000);
    this.pingTimer.unref();
  }

  /** Sockets being proxied now. */
  get size(): number {
    return this.sockets.size;
  }

  /** Goes before the sync route: forwards the upgrades of documents owned elsewhere. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const docName = c.req.param('docName');
      if (
        c.req.header('upgrade')?.toLowerCase() !== 'websocket' ||
        docName === undefined ||
        !isValidDocName(docName)
      ) {
        return next();
      }
      const claim = await this.options.ownership.claim(docName);
      if (claim.kind === 'mine') return next();
      if (!this.accepting) return c.json({ message: 'busy, retry later' }, 503);
      // Refused here as the owner would refuse it, with the HTTP status a client understands.
      const decision = await this.options.authorize(c.req.raw, docName);
      if (decision === 'unauthenticated') return c.json({ message: 'unauthenticated' }, 401);
      if (decision === 'deny') return c.json({ message: 'forbidden' }, 403);
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) headers[name] = value;
      }
      const address = clientAddress(c);
      const forwardedFor = [c.req.header('x-forwarded-for'), address].filter(Boolean).join(', ');
      if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
      const protocols = (c.req.header('sec-websocket-protocol') ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      const target = ownerSocketUrl(claim.owner, c.req.url);
      return await upgradeWebSocket(c, {
        onOpen: (_event, ws) => {
          const raw = ws.raw;
          if (!(raw instanceof WebSocket)) {
            ws.close(RESTARTING, 'restarting');
            return;
          }
          this.pipe(raw, new WebSocket(target, protocols, { headers }), docName);
        },
      });
    };
  }

  /** Closes every proxied socket (a shutdown): their clients reconnect elsewhere. */
  closeAll(): void {
    this.accepting = false;
    clearInterval(this.pingTimer);
    for (const socket of this.sockets) socket.close(RESTARTING, 'restarting');
  }

  private pipe(client: WebSocket, upstream: WebSocket, docName: string): void {
    const { logger, maxBufferedBytes } = this.options;
    this.sockets.add(client);
    this.alive.add(client);
    this.forwardedTotal += 1;
    const waiting: { data: RawData; isBinary: boolean }[] = [];
    let waitingBytes = 0;
    const closeClient = (code: number, reason: string) => {
      if (client.readyState === WebSocket.OPEN) {
        client.close(RESERVED.has(code) ? RESTARTING : code, reason);
      }
    };
    client.on('pong', () => this.alive.add(client));
    client.on('message', (data, isBinary) => {
      this.alive.add(client);
      if (upstream.readyState === WebSocket.OPEN) {
        upstream.send(data, { binary: isBinary });
        return;
      }
      waitingBytes += Array.isArray(data) ? 0 : data.byteLength;
      if (waitingBytes > maxBufferedBytes) {
        closeClient(TRY_AGAIN, 'too much before ready');
        upstream.terminate();
        return;
      }
      waiting.push({ data, isBinary });
    });
    client.on('close', () => {
      this.sockets.delete(client);
      if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
      else upstream.close(1000);
    });
    client.on('error', () => client.terminate());
    upstream.on('open', () => {
      for (const item of waiting.splice(0)) upstream.send(item.data, { binary: item.isBinary });
    });
    upstream.on('message', (data, isBinary) => {
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
    upstream.on('unexpected-response', (_request, response) => {
      logger.warn('cluster: owner refused a forwarded socket', {
        doc: docName,
        status: response.statusCode,
      });
      closeClient(TRY_AGAIN, 'owner refused');
      upstream.terminate();
    });
    upstream.on('error', (error) => {
      logger.debug('cluster: forwarded socket failed', { doc: docName, error: String(error) });
      closeClient(TRY_AGAIN, 'owner unreachable');
    });
    upstream.on('close', (code, reason) => closeClient(code, reason.toString()));
  }
}
