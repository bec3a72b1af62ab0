import type http from 'node:http';
import type net from 'node:net';
import type stream from 'node:stream';
import type { Logger } from './logger.ts';

/** Time limits on HTTP connections, and how many one address may hold open. */
export interface HttpLimits {
  /** The request line and headers must arrive within this (a silent connection counts too). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address (sockets included); 0: no cap (behind a proxy). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerAddress: 500,
};

/** How often Node looks for requests past their header or request timeout. */
const CHECK_EVERY_MS = 1_000;

export const httpServerOptions = (): http.ServerOptions => ({
  connectionsCheckingInterval: CHECK_EVERY_MS,
});

/**
 * Applies the limits to the HTTP server and keeps track of its connections, so that a shutdown can
 * tell the ones serving a request (left to finish) from idle, silent and half-sent ones (closed).
 * Node's own header timeout only starts with a request's first byte, so a connection that never
 * sends anything is closed here, after the same time without activity and without a request.
 */
export class HttpConnections {
  private readonly sockets = new Set<net.Socket>();
  /** Requests being answered, per socket. */
  private readonly busy = new Map<net.Socket, number>();
  private readonly perAddress = new Map<string, number>();
  private lastRefusalLog = 0;

  constructor(
    private readonly server: http.Server,
    private readonly limits: HttpLimits,
    private readonly logger: Logger,
  ) {
    server.headersTimeout = limits.headersTimeoutMs;
    server.requestTimeout = limits.requestTimeoutMs;
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    server.on('connection', (socket: net.Socket) => this.accept(socket));
    server.on('clientError', (error: NodeJS.ErrnoException, socket: stream.Duplex) =>
      answerClientError(error, socket),
    );
    server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const socket = request.socket;
      this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
      response.once('close', () => {
        const left = (this.busy.get(socket) ?? 1) - 1;
        if (left > 0) this.busy.set(socket, left);
        else this.busy.delete(socket);
      });
    });
  }

  /** Requests being answered now. */
  get inFlight(): number {
    let total = 0;
    for (const count of this.busy.values()) total += count;
    return total;
  }

  /**
   * Closes every connection that is not answering a request (idle keep-alive, silent, half-sent),
   * waits up to `graceMs` for the requests in flight, then closes whatever is left.
   */
  async drain(graceMs: number): Promise<void> {
    this.server.closeIdleConnections();
    for (const socket of this.sockets) if (!this.busy.has(socket)) socket.destroy();
    const deadline = Date.now() + graceMs;
    while (this.busy.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const socket of this.sockets) socket.destroy();
  }

  private accept(socket: net.Socket): void {
    const address = socket.remoteAddress ?? 'unknown';
    const open = this.perAddress.get(address) ?? 0;
    const cap = this.limits.maxConnectionsPerAddress;
    if (cap > 0 && open >= cap) {
      const now = Date.now();
      if (now - this.lastRefusalLog > 10_000) {
        this.lastRefusalLog = now;
        this.logger.warn('connection refused: too many from one address', { address, open, cap });
      }
      socket.destroy();
      return;
    }
    this.perAddress.set(address, open + 1);
    this.sockets.add(socket);
    // A WebSocket takes the socket over and sets its own timeout (none; pings find dead ones).
    // Later than Node's own check, so that a half-sent request gets its 408 from Node first.
    socket.setTimeout(this.limits.headersTimeoutMs + 2 * CHECK_EVERY_MS, () => {
      if (!this.busy.has(socket)) socket.destroy();
    });
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.busy.delete(socket);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
  }
}

/** What Node's HTTP parser refused, answered as every error is: JSON `{ message }`. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request line and headers are too large (a query string is limited to about 16 KB)',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'Chunk extensions are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/**
 * Node's answer to a request it could not parse (a listener of `clientError` replaces it), with a
 * JSON body instead of an empty one; the connection is then closed, as Node does.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: stream.Duplex): void {
  // Half of a response already sent on this connection (a pipelined request): nothing can follow.
  const pending = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, phrase, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not well-formed HTTP',
  ];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${phrase}\r\n` +
      'Content-Type: application/json\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
