import { actorOf } from '../auth/principal.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { IdParams, errors, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { SetupCollection } from '../services/setup.ts';

interface SetupRoutesSpec<T extends { id: string }, In, Patch> {
  tag: string;
  collection: SetupCollection<T, In, Patch>;
  create: ZodType<In>;
  update: ZodType<Patch>;
  /** The site an entry belongs to: the list then takes `?siteId=` and answers that site's alone. */
  siteOf?: (entry: T) => string;
}

const SiteQuery = z.object({
  siteId: z
    .string()
    .min(1, 'siteId must name a site')
    .optional()
    .openapi({ param: { name: 'siteId', in: 'query' }, description: 'Only this site’s entries' }),
});

/** A setup-document collection (rigs, crew members, hire-tool library): list, add, change, delete. */
export function createSetupRoutes<T extends { id: string }, In, Patch>(
  spec: SetupRoutesSpec<T, In, Patch>,
) {
  const app = resourceApp();
  const tags = [spec.tag];
  const { collection } = spec;
  const one = jsonOk(`The ${spec.tag.toLowerCase()} entry`);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: `All ${spec.tag.toLowerCase()}${spec.siteOf ? ', or one site’s' : ''}`,
      request: { query: spec.siteOf ? SiteQuery : z.object({}) },
      responses: { 200: jsonOk(spec.tag), 400: errors[400] },
    }),
    async (c) => {
      const all = await collection.list();
      const { siteOf } = spec;
      const siteId = siteOf ? SiteQuery.parse(c.req.valid('query')).siteId : undefined;
      return c.json(
        siteOf && siteId !== undefined ? all.filter((entry) => siteOf(entry) === siteId) : all,
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Add',
      request: jsonBody(spec.create),
      responses: { 201: one, ...errors },
    }),
    async (c) => c.json(await collection.add(actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Change',
      request: { params: IdParams, ...jsonBody(spec.update) },
      responses: { 200: one, ...errors },
    }),
    async (c) =>
      c.json(
        await collection.update(actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Delete',
      request: { params: IdParams },
      responses: { 200: jsonOk('Deleted'), 404: errors[404] },
    }),
    async (c) => c.json(await collection.remove(actorOf(c), c.req.valid('param').id), 200),
  );
  return app;
}
