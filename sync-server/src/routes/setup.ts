import { actorOf } from '../auth/principal.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { errors, jsonOk, resourceApp } from '../http/openapi.ts';
import type { SetupCollection } from '../services/setup.ts';
import { addCreateRoute, addIdBodyRoute, addIdRoute } from './route-kinds.ts';

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
  addCreateRoute(app, tags, {
    summary: 'Add',
    body: spec.create,
    answer: one,
    run: (c, body) => collection.add(actorOf(c), body),
  });
  addIdBodyRoute(app, tags, {
    method: 'put',
    summary: 'Change',
    body: spec.update,
    responses: { 200: one, ...errors },
    run: (c, id, body) => collection.update(actorOf(c), id, body),
  });
  addIdRoute(app, tags, {
    method: 'delete',
    summary: 'Delete',
    responses: { 200: jsonOk('Deleted'), 404: errors[404] },
    run: (c, id) => collection.remove(actorOf(c), id),
  });
  return app;
}
