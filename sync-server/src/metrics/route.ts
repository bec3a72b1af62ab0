import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Gauges, ServerMetrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`: Prometheus text, for a scraper that sends `Authorization: Bearer
 * <PLOD_METRICS_TOKEN>`. Without a token configured the route answers 404: the figures (how many
 * sockets, documents, edits waiting) say how the business runs, and a scraper has no session, so a
 * shared secret from the environment is the rule, not a supervisor's sign-in or the client address
 * (which a reverse proxy would make everyone's).
 */
export function mountMetrics(
  app: Hono,
  metrics: ServerMetrics,
  token: string | undefined,
  gauges: () => Gauges | Promise<Gauges>,
): void {
  const expected = token ? digest(token) : null;
  app.get(METRICS_PATH, async (c) => {
    if (!expected) {
      return c.json({ message: 'Metrics are off: set PLOD_METRICS_TOKEN to turn them on' }, 404);
    }
    const presented = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    // Compared as digests: equal lengths, and a constant-time comparison.
    if (!timingSafeEqual(digest(presented), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="plod-metrics"');
      return c.json({ message: 'Metrics need the bearer token set in PLOD_METRICS_TOKEN' }, 401);
    }
    c.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(metrics.render(await gauges()));
  });
}
