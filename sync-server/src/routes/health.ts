import type { Context } from 'hono';
import { Hono } from 'hono';

export interface HealthSource {
  version: string;
  startedAt: number;
  openDocuments(): number;
  connections(): number;
  /** True when the caller is signed in (a session or a device token). */
  signedIn(c: Context): boolean;
}

/**
 * `GET /api/health`: liveness for anyone (load balancers and monitors carry no credentials); the
 * gauges (open documents, sockets) only for a signed-in caller.
 */
export function createHealthRoutes(source: HealthSource): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const live = {
      status: 'ok',
      version: source.version,
      uptime: Math.round((Date.now() - source.startedAt) / 1000),
    };
    if (!source.signedIn(c)) return c.json(live);
    return c.json({
      ...live,
      documents: source.openDocuments(),
      connections: source.connections(),
    });
  });
  return app;
}
