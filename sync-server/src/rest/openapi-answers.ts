import { ROUTE_ACCESS } from '../auth/route-access.ts';
import type { RouteAccess } from '../auth/route-access.ts';

/** The parts of an OpenAPI document this completes. */
interface Operation {
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
interface Document {
  paths?: object;
}

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const ERROR_REF = { $ref: '#/components/schemas/Error' };

const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/**
 * What the server's layers around the routes answer, in each operation's responses (a route's own
 * declaration stays as written):
 * - any route but a public one: 401 (no valid session or device token) and 403 (this caller may
 *   not: a crew device on a supervisor route, a client account on another site's plod, an Origin
 *   that is not the server's);
 * - every write: 400 (a bad Idempotency-Key), 422 (an Idempotency-Key used for another request),
 *   503 (the store cannot write); with a body, 413; report data writes (crew and approver routes),
 *   409 (a lifecycle rule: an approved plod is read-only);
 * - a path with an id: 404.
 */
export function withLayerAnswers<D extends Document>(doc: D, prefix: string): D {
  const paths = Object.entries(doc.paths ?? {}) as [string, Record<string, unknown>][];
  for (const [path, operations] of paths) {
    for (const [method, value] of Object.entries(operations)) {
      if (!METHODS.has(method) || typeof value !== 'object' || value === null) continue;
      const operation = value as Operation;
      const access: RouteAccess =
        ROUTE_ACCESS[
          `${method.toUpperCase()} ${path.startsWith(`${prefix}/`) ? '' : prefix}${path}`
        ] ?? 'supervisor';
      const responses = (operation.responses ??= {});
      const add = (status: number, description: string) => {
        responses[String(status)] ??= answer(description);
      };
      if (access !== 'public') {
        add(401, 'No valid session or device token: `{ message }`');
        add(403, 'This caller may not do this: `{ message }`');
      }
      if (path.includes('{')) add(404, 'Unknown id: `{ message }`');
      if (UNSAFE.has(method)) {
        add(400, 'Bad input or Idempotency-Key: `{ message, issues }`');
        if (operation.requestBody !== undefined)
          add(413, 'Body larger than the limit: `{ message }`');
        add(422, 'This Idempotency-Key was already used for a different request: `{ message }`');
        add(503, 'The store cannot write now (see Retry-After): `{ message }`');
        if (access === 'crew' || access === 'approver') {
          add(409, 'Refused by a business rule (an approved plod is read-only): `{ message }`');
        }
      }
    }
  }
  return doc;
}
