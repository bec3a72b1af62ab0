import { createRoute, z } from '@hono/zod-openapi';
import { bitCreateBody, bitUpdateBody } from '@plod/model';
import { errors, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addCreateRoute, addReadRoute } from './route-kinds.ts';

const tags = ['Bits'];
const params = z.object({
  serial: z.string().openapi({ param: { name: 'serial', in: 'path' }, example: 'NQ-7781' }),
});
const bit = jsonOk('The bit with its life-to-date metres');

/** /api/bits: the bit register shared across plods (a root of the hole register document). */
export function createBitRoutes(s: RestServices) {
  const app = resourceApp();
  addReadRoute(app, tags, {
    summary: 'Registered bits with life-to-date metres over the stored plods',
    answer: jsonOk('Bits'),
    run: () => s.bits.bits(),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{serial}',
      tags,
      summary: 'A registered bit',
      request: { params },
      responses: { 200: bit, 404: errors[404] },
    }),
    async (c) => c.json(await s.bits.bit(c.req.valid('param').serial), 200),
  );
  addCreateRoute(app, tags, {
    summary: 'Register a bit (serial trimmed and upper-cased)',
    body: bitCreateBody,
    answer: bit,
    run: (_c, body) => s.bits.register(body),
  });
  app.openapi(
    createRoute({
      method: 'put',
      path: '/{serial}',
      tags,
      summary: 'Change a bit’s size, matrix or status',
      request: { params, ...jsonBody(bitUpdateBody) },
      responses: { 200: bit, ...errors },
    }),
    async (c) => c.json(await s.bits.update(c.req.valid('param').serial, c.req.valid('json')), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{serial}',
      tags,
      summary: 'Take a bit off the register (supervisors)',
      request: { params },
      responses: { 200: jsonOk('Removed'), 404: errors[404] },
    }),
    async (c) => c.json(await s.bits.remove(c.req.valid('param').serial), 200),
  );
  return app;
}
