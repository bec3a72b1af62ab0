import { createRoute, z } from '@hono/zod-openapi';
import {
  contractCreateSchema,
  contractUpdateSchema,
  contractVersionInputSchema,
} from '@plod/model';
import { actorOf, principalOf } from '../auth/principal.ts';
import { IdParams, errors, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addCreateRoute, addIdBodyRoute, addIdRoute, addQueryRoute } from './route-kinds.ts';

const tags = ['Contracts'];
const VersionParams = z.object({
  id: IdParams.shape.id,
  versionId: z.string().openapi({ param: { name: 'versionId', in: 'path' } }),
});
const SiteQuery = z.object({
  siteId: z.string().optional().openapi({ description: 'Contracts of this site' }),
});
const SiteParams = z.object({
  siteId: z.string().openapi({ param: { name: 'siteId', in: 'path' } }),
});
const contract = jsonOk('The contract with its versions, oldest first');

/**
 * /api/contracts: a site's contracts, their dated versions (rates) and their history. Supervisors
 * write; client accounts read their sites'; crew devices are refused (the route table).
 */
export function createContractRoutes(s: RestServices) {
  const app = resourceApp();
  addQueryRoute(app, tags, {
    summary: 'Contracts with their versions (a client account: its sites only)',
    query: SiteQuery,
    responses: { 200: jsonOk('Contracts') },
    run: (c, { siteId }) => s.contracts.list(principalOf(c), siteId),
  });
  addQueryRoute(app, tags, {
    path: '/history',
    summary: 'Every change of a site’s contracts and price setting, oldest first',
    query: z.object({ siteId: z.string().min(1, 'Choose a site') }),
    responses: { 200: jsonOk('Changes: who, when, what changed'), 400: errors[400] },
    run: (c, { siteId }) => s.contracts.siteHistory(principalOf(c), siteId),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/site-settings/{siteId}',
      tags,
      summary: 'A site’s price setting: may crews see prices (default no)',
      request: { params: SiteParams },
      responses: { 200: jsonOk('The setting') },
    }),
    async (c) => c.json(await s.contracts.siteSetting(c.req.valid('param').siteId), 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/site-settings/{siteId}',
      tags,
      summary: 'Let crews see prices on a site, or not (supervisors)',
      request: {
        params: SiteParams,
        ...jsonBody(z.object({ crewMaySeePrices: z.boolean() })),
      },
      responses: { 200: jsonOk('The setting'), ...errors },
    }),
    async (c) =>
      c.json(
        await s.contracts.setSiteSetting(
          actorOf(c),
          c.req.valid('param').siteId,
          c.req.valid('json').crewMaySeePrices,
        ),
        200,
      ),
  );
  addIdRoute(app, tags, {
    method: 'get',
    summary: 'A contract with its versions',
    responses: { 200: contract, 404: errors[404] },
    run: (c, id) => s.contracts.get(principalOf(c), id),
  });
  addCreateRoute(app, tags, {
    summary: 'Create a contract for a site (client name, contract number)',
    body: contractCreateSchema,
    answer: contract,
    run: (c, body) => s.contracts.create(actorOf(c), body),
  });
  addIdBodyRoute(app, tags, {
    method: 'put',
    summary: 'Change a contract’s client name or number (only what changed is written)',
    body: contractUpdateSchema,
    responses: { 200: contract, ...errors },
    run: (c, id, body) => s.contracts.update(actorOf(c), id, body),
  });
  addIdRoute(app, tags, {
    method: 'delete',
    summary: 'Delete a contract and its versions (its history stays)',
    responses: { 200: jsonOk('Deleted'), 404: errors[404] },
    run: (c, id) => s.contracts.remove(actorOf(c), id),
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/versions',
      tags,
      summary: 'Add a version: rates in force from its effective date',
      description:
        'Rates in integer cents: metres by hole size and depth band, hours by timesheet activity, standby per chargeable downtime code (and a default), fixed lines, and whether hire tools and consumables are charged. One version per effective date (409).',
      request: { params: IdParams, ...jsonBody(contractVersionInputSchema) },
      responses: { 201: jsonOk('The version'), ...errors },
    }),
    async (c) =>
      c.json(
        await s.contracts.addVersion(actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/versions/{versionId}',
      tags,
      summary: 'Delete a version',
      request: { params: VersionParams },
      responses: { 200: jsonOk('Deleted'), 404: errors[404] },
    }),
    async (c) => {
      const { id, versionId } = c.req.valid('param');
      return c.json(await s.contracts.removeVersion(actorOf(c), id, versionId), 200);
    },
  );
  addIdRoute(app, tags, {
    method: 'get',
    path: '/{id}/history',
    summary: 'A contract’s changes, oldest first: who, when, what changed',
    responses: { 200: jsonOk('Changes'), 404: errors[404] },
    run: (c, id) => s.contracts.history(principalOf(c), id),
  });
  return app;
}
