import { Hono } from 'hono';

export interface HealthSource {
  version: string;
  startedAt: number;
  openDocuments(): number;
  connections(): number;
}

/** `GET /api/health`: liveness and a few gauges. */
export function createHealthRoutes(source: HealthSource): Hono {
  const app = new Hono();
  app.get('/', (c) =>
    c.json({
      status: 'ok',
      version: source.version,
      uptime: Math.round((Date.now() - source.startedAt) / 1000),
      documents: source.openDocuments(),
      connections: source.connections(),
    }),
  );
  return app;
}
