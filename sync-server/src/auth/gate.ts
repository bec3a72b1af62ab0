import { parse as parseCookies } from 'hono/utils/cookie';
import { tokenFromSubprotocols } from '@plod/model/sync';
import type { Accounts } from './accounts.ts';
import type { Principal, Resolved } from './principal.ts';

export const SESSION_COOKIE = 'plod_session';

export interface GateOptions {
  accounts: Accounts;
  /** PLOD_INSECURE_ALLOW_ALL: a request without credentials acts as a supervisor (development only). */
  insecureAllowAll: boolean;
  /** Origins besides the server's own that may send cookie-authenticated writes (PLOD_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** PLOD_TRUST_PROXY: take the client address and scheme from X-Forwarded-For / -Proto. */
  trustProxy: boolean;
}

const bearer = (request: Request): string | null => {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
};

/**
 * Resolves who a request is for, and answers the origin questions (CSRF, cross-site WebSockets).
 * One instance per server, shared by the REST middleware, the auth routes and the sync policy.
 */
export class Gate {
  readonly accounts: Accounts;
  readonly insecureAllowAll: boolean;
  readonly trustProxy: boolean;
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(options: GateOptions) {
    this.accounts = options.accounts;
    this.insecureAllowAll = options.insecureAllowAll;
    this.trustProxy = options.trustProxy;
    this.allowedOrigins = new Set(
      options.allowedOrigins.map((origin) => origin.replace(/\/+$/, '')),
    );
  }

  /** The session cookie's token, if the request has one. */
  sessionToken(request: Request): string | null {
    const header = request.headers.get('cookie');
    if (!header) return null;
    return parseCookies(header, SESSION_COOKIE)[SESSION_COOKIE] ?? null;
  }

  /**
   * REST: an Authorization header decides alone (a device); otherwise the session cookie (a
   * supervisor). Unknown, revoked or expired credentials resolve to null, as does no credential,
   * unless the development flag stands in a supervisor.
   */
  async resolve(request: Request, socketToken: string | null = null): Promise<Resolved | null> {
    const token = socketToken ?? bearer(request);
    if (token !== null) {
      const principal = await this.accounts.device(token);
      return principal ? { principal, credential: 'bearer' } : null;
    }
    const session = this.sessionToken(request);
    if (session !== null) {
      const principal = await this.accounts.session(session);
      if (principal) return { principal, credential: 'cookie' };
    }
    return this.insecureAllowAll
      ? { principal: this.developer(), credential: 'insecure-dev' }
      : null;
  }

  /**
   * For /sync upgrades, where browsers cannot set headers: the device token comes as a subprotocol
   * (`plod-auth.{token}`, see @plod/model/sync), or as `?token=` from app versions that put it in
   * the URL.
   */
  resolveSocket(request: Request): Promise<Resolved | null> {
    const offered = tokenFromSubprotocols(request.headers.get('sec-websocket-protocol'));
    const fromQuery = new URL(request.url).searchParams.get('token');
    return this.resolve(request, offered ?? (fromQuery === '' ? null : fromQuery));
  }

  private developer(): Principal {
    return {
      kind: 'supervisor',
      username: 'insecure-dev',
      sessionId: null,
      expiresAt: this.accounts.now() + 3_600_000,
    };
  }

  /**
   * The scheme and host the client used (behind a trusted proxy, the forwarded ones). A forwarded
   * host is taken whole: without a port it means the scheme's default port, never ours.
   */
  ownOrigin(request: Request): string {
    const url = new URL(request.url);
    if (!this.trustProxy) return url.origin;
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
    if (!host) {
      if (scheme === url.protocol.slice(0, -1)) return url.origin;
      return new URL(`${scheme}://${url.host}`).origin;
    }
    try {
      return new URL(`${scheme}://${host}`).origin;
    } catch {
      // Not a host at all: the request's own origin, which no browser's Origin will match.
      return url.origin;
    }
  }

  isHttps(request: Request): boolean {
    return this.ownOrigin(request).startsWith('https:');
  }

  /** True when the request's Origin header is the server's own or a configured one. */
  originAllowed(request: Request): boolean {
    const origin = request.headers.get('origin');
    if (origin === null || origin === 'null') return false;
    return origin === this.ownOrigin(request) || this.allowedOrigins.has(origin);
  }

  /** The client's address: the socket's, or the hop the trusted proxy appended to X-Forwarded-For. */
  clientAddress(request: Request, socketAddress: string | undefined): string {
    return this.forwardedAddress(request) ?? socketAddress ?? 'unknown';
  }

  /** The address the trusted proxy appended to X-Forwarded-For, if trusted and present. */
  forwardedAddress(request: Request): string | null {
    if (!this.trustProxy) return null;
    return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || null;
  }
}
