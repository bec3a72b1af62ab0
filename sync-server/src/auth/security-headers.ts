import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { Gate } from './gate.ts';
import { READ_STATE_HEADER } from '../read-state.ts';

/**
 * The app's Content-Security-Policy. Scripts only from this origin (the build has no inline script);
 * styles may be inline because Mantine sets style attributes and injects style tags; sockets to any
 * ws/wss endpoint the page's own origin serves.
 */
export const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** CSP text for a page that runs one known inline script (by its SHA-256), e.g. the API reference. */
export function cspWithInlineScript(script: string): string {
  const hash = crypto.createHash('sha256').update(script, 'utf8').digest('base64');
  const directives: Record<string, string[]> = { ...CSP, scriptSrc: [`'sha256-${hash}'`] };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

/**
 * Security headers on every response (a handler's own CSP wins, for pages that need a hash). HSTS only
 * over https: sent over http it would be ignored, and on a LAN without TLS it must not lock anyone out.
 */
export function securityHeaders(gate: Gate): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: CSP,
    referrerPolicy: 'same-origin',
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    overwrite: false,
  });
  return async (c, next) => {
    // A WebSocket upgrade's answer is not a page (and is taken over by the socket).
    if (c.req.header('upgrade')?.toLowerCase() === 'websocket') return next();
    await headers(c, next);
    if (gate.isHttps(c.req.raw)) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

/** CORS for the configured origins only (PLOD_CORS_ORIGINS), with credentials; none by default. */
export function corsFor(origins: readonly string[]): MiddlewareHandler | null {
  if (origins.length === 0) return null;
  return cors({
    origin: [...origins],
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    exposeHeaders: ['Retry-After', 'Idempotent-Replayed', READ_STATE_HEADER],
    maxAge: 600,
  });
}
