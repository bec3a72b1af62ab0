import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Gate } from './gate.ts';
import { bindPrincipal } from './principal.ts';
import type { Principal } from './principal.ts';
import { accessOf, routeKey } from './route-access.ts';
import type { RouteAccess } from './route-access.ts';
import { MESSAGES } from './routes.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route the request will reach (middleware and the web app's catch-all skipped), or null. */
export function matchedRouteKey(c: Context): string | null {
  const route = matchedRoutes(c).find(
    (candidate) => candidate.method !== 'ALL' && !candidate.path.endsWith('*'),
  );
  return route ? routeKey(route.method, route.path) : null;
}

export const CROSS_SITE_MESSAGE = 'Cross-site request refused: the Origin is not allowed';

export const REFUSED = {
  supervisor: 'Only a signed-in supervisor may do this',
  client: 'A client account may only read, approve and return the plods of its sites',
  approver: 'Only a supervisor or a client account may approve or return a plod',
} as const;

/** Why `principal` may not call a route needing `access`, or null when it may. */
function refusal(access: RouteAccess, principal: Principal): string | null {
  switch (access) {
    case 'public':
    case 'reader':
      return null;
    case 'crew':
      return principal.kind === 'client' ? REFUSED.client : null;
    case 'approver':
      return principal.kind === 'device' ? REFUSED.approver : null;
    case 'supervisor':
      if (principal.kind === 'supervisor') return null;
      return principal.kind === 'client' ? REFUSED.client : REFUSED.supervisor;
  }
}

/**
 * Every /api request: who is calling (cookie or bearer), CSRF for cookie-authenticated writes, and
 * the access table's rule for the matched route. Routes read the principal with `principalOf(c)`
 * and pass it to the services that need it (see principal.ts).
 */
export function accessMiddleware(gate: Gate): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    const resolved = await gate.resolve(request);
    if (UNSAFE.has(request.method) && resolved?.credential !== 'bearer') {
      // A cookie rides along on any request the browser makes, so a write needs proof that this
      // origin's own page sent it. Without a cookie, a foreign Origin is refused too (sign-in CSRF,
      // and the development flag's open server on loopback).
      const origin = request.headers.get('origin');
      const needsOrigin = resolved?.credential === 'cookie' || origin !== null;
      if (needsOrigin && !gate.originAllowed(request)) {
        return c.json({ message: CROSS_SITE_MESSAGE }, 403);
      }
    }
    const access = accessOf(matchedRouteKey(c), c.req.path);
    if (!resolved) {
      if (access === 'public') return next();
      return c.json({ message: MESSAGES.notSignedIn }, 401);
    }
    const refused = refusal(access, resolved.principal);
    if (refused !== null) return c.json({ message: refused }, 403);
    bindPrincipal(c, resolved.principal);
    return next();
  };
}
