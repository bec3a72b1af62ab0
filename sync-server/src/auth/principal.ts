import { AsyncLocalStorage } from 'node:async_hooks';

/** A signed-in supervisor (session cookie) or a joined crew device (bearer token). */
export type Principal =
  | {
      kind: 'supervisor';
      username: string;
      /** The session's id; null for the development flag's stand-in supervisor. */
      sessionId: string | null;
      expiresAt: number;
    }
  | { kind: 'device'; deviceId: string; deviceName: string };

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
 * The principal of the REST request being handled, for checks deep in the services (a crew device may
 * not change a submitted report, whichever route reaches it). Undefined outside a request: the server
 * itself (demo seed, cleanup, projections).
 */
const scope = new AsyncLocalStorage<Principal>();

export function runAs<T>(principal: Principal, work: () => T): T {
  return scope.run(principal, work);
}

export function currentPrincipal(): Principal | undefined {
  return scope.getStore();
}

/** The JSON of `GET /api/auth/me` and of a sign-in. */
export function describePrincipal(principal: Principal) {
  return principal.kind === 'device'
    ? { kind: 'device' as const, deviceId: principal.deviceId, deviceName: principal.deviceName }
    : {
        kind: 'supervisor' as const,
        username: principal.username,
        expiresAt: new Date(principal.expiresAt).toISOString(),
      };
}
