import { actorOf } from '../auth/principal.ts';
import { createRoute } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { IdParams, errors, jsonBody, jsonOk, resourceApp } from '../rest/openapi.ts';
import type { SetupCollection } from '../services/setup.ts';

interface SetupRoutesSpec<T extends { id: string }, In, Patch> {
  tag: string;
  collection: SetupCollection<T, In, Patch>;
  create: ZodType<In>;
  update: ZodType<Patch>;
}

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
      summary: `All ${spec.tag.toLowerCase()}`,
      responses: { 200: jsonOk(spec.tag) },
    }),
    async (c) => c.json(await collection.list(), 200),
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
