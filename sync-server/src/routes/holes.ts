import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '../auth/principal.ts';
import { REQUEST_BODIES, siteIdSchema } from '@plod/model';
import { errors, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addCreateRoute, addReadRoute } from './route-kinds.ts';

const tags = ['Holes'];
const withSite = <S extends z.ZodType>(schema: S) =>
  z.intersection(
    schema,
    z.object({
      siteId: siteIdSchema
        .optional()
        .openapi({ description: 'Needed when more than one site exists' }),
    }),
  );
const hole = jsonOk('The registered hole with its derived current depth');

/** /api/hole-ids: the hole register's labels. */
export function createHoleIdRoutes(s: RestServices) {
  const app = resourceApp();
  addReadRoute(app, tags, {
    summary: 'Registered holes',
    answer: jsonOk('Holes'),
    run: () => s.holes.holes(),
  });
  addCreateRoute(app, tags, {
    summary: 'Register a hole label',
    body: withSite(REQUEST_BODIES['POST /api/hole-ids']),
    answer: hole,
    run: (_c, { siteId, ...config }) => s.holes.register(config, siteId),
  });
  return app;
}

/** /api/hole-config: one hole's configuration. */
export function createHoleConfigRoutes(s: RestServices) {
  const app = resourceApp();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{holeId}',
      tags,
      summary: 'A hole’s configuration',
      request: {
        params: z.object({ holeId: z.string().openapi({ param: { name: 'holeId', in: 'path' } }) }),
      },
      responses: { 200: hole, 404: errors[404] },
    }),
    async (c) => c.json(await s.holes.config(c.req.valid('param').holeId), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Register a hole, or change a registered one’s configuration',
      request: jsonBody(withSite(REQUEST_BODIES['POST /api/hole-config'])),
      responses: { 200: hole, ...errors },
    }),
    async (c) => {
      const { siteId, ...config } = c.req.valid('json');
      return c.json(await s.holes.saveConfig(config, siteId), 200);
    },
  );
  return app;
}

/** /api/hole-configs and /api/holes: lists of the register. */
export function createHoleListRoutes(s: RestServices, withActive: boolean) {
  const app = resourceApp();
  addReadRoute(app, tags, {
    summary: 'Registered holes with current depth and status',
    answer: jsonOk('Holes'),
    run: () => s.holes.holes(),
  });
  if (withActive) {
    addReadRoute(app, tags, {
      path: '/active',
      summary: 'Holes not yet complete (dashboard)',
      answer: jsonOk('Active holes'),
      run: () => s.holes.activeHoles(),
    });
  }
  return app;
}

const HoleNumbersBody = z.object({
  year: z
    .number({ error: 'year must be a whole number' })
    .int('year must be a whole number')
    .min(2000, 'year must be from 2000 to 2100')
    .max(2100, 'year must be from 2000 to 2100')
    .optional()
    .openapi({ description: "The device's calendar year; the server's when left out" }),
});

/** /api/hole-numbers: numbers for suggested hole ids, reserved for the caller. */
export function createHoleNumberRoutes(s: RestServices) {
  const app = resourceApp();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Reserve hole numbers for this device or supervisor',
      description:
        'Keeps a block of DH-{year}-{nnn} numbers for the caller in the hole register (no other caller is given them), so the ids a device suggests while offline never collide. Reserves a new block only when fewer than 3 numbers are left.',
      request: jsonBody(HoleNumbersBody),
      responses: {
        200: jsonOk('`{ owner, year, free }`: the free numbers the caller holds'),
        ...errors,
      },
    }),
    async (c) => {
      const year = c.req.valid('json').year ?? new Date().getUTCFullYear();
      return c.json(await s.holes.reserveNumbers(actorOf(c), year), 200);
    },
  );
  return app;
}
