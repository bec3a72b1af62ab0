import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Degraded } from '../storage-status.ts';

export interface HealthSource {
  version: string;
  startedAt: number;
  openDocuments(): number;
  connections(): number;
  /** True when the caller is signed in (a session or a device token). */
  signedIn(c: Context): boolean;
  /** Why the store cannot write, if it cannot. */
  storage(): Degraded | null;
}

/**
 * `GET /api/health`: liveness for anyone (load balancers and monitors carry no credentials); the
 * gauges (open documents, sockets) only for a signed-in caller. While the store cannot write, the
 * answer is 503 with status `degraded` and the reason (reads and sync still work; nothing new is
 * saved until it recovers).
 */
export function createHealthRoutes(source: HealthSource): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const degraded = source.storage();
    const live = {
      status: degraded ? 'degraded' : 'ok',
      ...(degraded ? { reason: degraded.reason, since: degraded.since } : {}),
      version: source.version,
      uptime: Math.round((Date.now() - source.startedAt) / 1000),
    };
    const status = degraded ? 503 : 200;
    if (!source.signedIn(c)) return c.json(live, status);
    return c.json(
      { ...live, documents: source.openDocuments(), connections: source.connections() },
      status,
    );
  });
  return app;
}
