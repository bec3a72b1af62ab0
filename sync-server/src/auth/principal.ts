import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';

/**
 * A signed-in supervisor (session cookie), a signed-in client account (session cookie; reads and
 * approves the plods of its sites only), or a joined crew device (bearer token).
 */
export type Principal =
  | {
      kind: 'supervisor';
      username: string;
      /** The session's id; null for the development flag's stand-in supervisor. */
      sessionId: string | null;
      expiresAt: number;
    }
  | ClientPrincipal
  | DevicePrincipal;

export interface DevicePrincipal {
  kind: 'device';
  deviceId: string;
  deviceName: string;
  /**
   * The sites whose plods this device may read and write (it joined with their crew codes); null:
   * every site (it joined with the deployment's crew code).
   */
  siteIds: readonly string[] | null;
}

export interface ClientPrincipal {
  kind: 'client';
  username: string;
  sessionId: string;
  expiresAt: number;
  /** The sites whose plods this account may read, approve and return. */
  siteIds: readonly string[];
}

/** How the principal proved itself: the cookie is ambient (CSRF applies), a bearer token is not. */
export type Credential = 'cookie' | 'bearer' | 'insecure-dev';

export interface Resolved {
  principal: Principal;
  credential: Credential;
}

/** The subject a socket acts for, so ending the session or revoking the device closes it. */
export function subjectOf(principal: Principal): string | undefined {
  if (principal.kind === 'device') return `device:${principal.deviceId}`;
  return principal.sessionId ? `session:${principal.sessionId}` : undefined;
}

/**
 * Who a service call acts for: the principal of the REST request, or null for the server itself (demo
 * seed, cleanup, projections). Services that refuse something to crew devices take it as a required
 * argument, so no route can forget to say who is asking.
 */
export type Actor = Principal | null;

/**
 * The principal of each REST request being handled (by its Hono context, the one object the
 * middleware and the route share), set by the access middleware. Kept here instead of in
 * AsyncLocalStorage: on Node 20 the first `AsyncLocalStorage.run` turns on async hooks
 * for the whole process, for good, and the relay then pays for them on every socket write and
 * promise (15-25% more CPU per update, docs/benchmarks.md round 4).
 */
const principals = new WeakMap<Context, Principal>();

export function bindPrincipal(c: Context, principal: Principal): void {
  principals.set(c, principal);
}

/**
 * A request the server dispatches to its own routes (the generic offline-sync calls) does not pass
 * the middleware again; it carries the caller's principal in its bindings (`app.fetch(request, env)`).
 */
const FORWARDED = Symbol('plod.forwardedPrincipal');

function forwardedOf(env: unknown): Principal | undefined {
  if (typeof env !== 'object' || env === null || !(FORWARDED in env)) return undefined;
  const principal: unknown = env[FORWARDED];
  return typeof principal === 'object' && principal !== null && 'kind' in principal
    ? (principal as Principal)
    : undefined;
}

/** The principal a request was authenticated as, or null (anonymous, or not through /api). */
export function principalOf(c: Context): Principal | null {
  return principals.get(c) ?? forwardedOf(c.env) ?? null;
}

/**
 * Who a route acts for. A route that changes documents only runs after the access middleware, so a
 * missing principal means a request reached it another way: 401, never the server's own rights.
 */
export function actorOf(c: Context): Principal {
  const principal = principalOf(c);
  if (!principal) throw new HTTPException(401, { message: 'Not signed in' });
  return principal;
}

/** The bindings for a request the server dispatches to its own routes on behalf of `from`'s caller. */
export function forwardedBindings(from: Context): Record<symbol, Principal> {
  const principal = principalOf(from);
  return principal ? { [FORWARDED]: principal } : {};
}

/** The JSON of `GET /api/auth/me` and of a sign-in. */
export function describePrincipal(principal: Principal) {
  switch (principal.kind) {
    case 'device':
      return {
        kind: principal.kind,
        deviceId: principal.deviceId,
        deviceName: principal.deviceName,
        ...(principal.siteIds === null ? {} : { siteIds: principal.siteIds }),
      };
    case 'client':
      return {
        kind: principal.kind,
        username: principal.username,
        siteIds: principal.siteIds,
        expiresAt: new Date(principal.expiresAt).toISOString(),
      };
    case 'supervisor':
      return {
        kind: principal.kind,
        username: principal.username,
        expiresAt: new Date(principal.expiresAt).toISOString(),
      };
  }
}

/** How the principal is named where a plod records who set its status. */
export function actorName(principal: Principal | null): string | null {
  if (principal === null) return null;
  switch (principal.kind) {
    case 'device':
      return principal.deviceName;
    case 'client':
      return `${principal.username} (client)`;
    case 'supervisor':
      return `${principal.username} (supervisor)`;
  }
}
