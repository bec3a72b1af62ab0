import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { isValidDocName } from '@plod/model/sync';
import type { Logger } from '../logger.ts';
import { OwnedElsewhere } from './cluster-manager.ts';
import type { ClusterDocumentManager } from './cluster-manager.ts';
import { CLUSTER_SECRET_HEADER } from './peer-client.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Largest update another process may hand over (a REST write's; sockets have their own cap). */
const MAX_UPDATE_BYTES = 8 * 1024 * 1024;

/**
 * `/internal/cluster/docs/{docName}`: what the other processes of the deployment ask of a
 * document's owner. GET: its state, committed; POST (body: a Yjs update): apply it as a server write
 * and answer 204 once committed. 409 when this process does not own the document (the caller asks
 * who does and tries again). Every call carries the deployment's secret, or gets 404 as if the
 * routes did not exist (a client never needs them; the load balancer should not route them either).
 */
export function createInternalRoutes(
  manager: ClusterDocumentManager,
  secret: string,
  logger: Logger,
): Hono {
  const expected = digest(secret);
  const app = new Hono();
  app.use('*', async (c, next) => {
    const presented = c.req.header(CLUSTER_SECRET_HEADER) ?? '';
    if (!timingSafeEqual(digest(presented), expected)) {
      return c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404);
    }
    return next();
  });
  app.onError((error, c) => {
    if (error instanceof OwnedElsewhere) {
      return c.json({ message: error.message, owner: error.owner.address }, 409);
    }
    logger.error('cluster: internal call failed', { path: c.req.path, error });
    return c.json({ message: 'internal error' }, 503);
  });

  app.get('/docs/:docName', async (c) => {
    const docName = c.req.param('docName');
    if (!isValidDocName(docName)) return c.json({ message: 'invalid document name' }, 400);
    const state = await manager.stateFor(docName);
    return c.body(state.slice().buffer, 200, { 'content-type': 'application/octet-stream' });
  });

  app.post('/docs/:docName', async (c) => {
    const docName = c.req.param('docName');
    if (!isValidDocName(docName)) return c.json({ message: 'invalid document name' }, 400);
    const update = new Uint8Array(await c.req.arrayBuffer());
    if (update.byteLength === 0 || update.byteLength > MAX_UPDATE_BYTES) {
      return c.json({ message: 'update missing or too large' }, 400);
    }
    await manager.applyFrom(docName, update);
    return c.body(null, 204);
  });

  return app;
}
