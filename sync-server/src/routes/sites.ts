import { actorOf } from '../auth/principal.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { REQUEST_BODIES, localIsoDay } from '@plod/model';
import { PlodFilterQuery, plodFilterOf } from '../http/plod-filter-query.ts';
import { IdParams, csvOk, errors, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { sitesWithHoleIds } from '../services/setup.ts';
import { attachment } from '../http/downloads.ts';
import { addCreateRoute, addIdBodyRoute, addIdRoute, addReadRoute } from './route-kinds.ts';

const tags = ['Sites'];
const site = jsonOk('The site with its settings');
const Cleaned = z
  .object({ message: z.string(), cleanedCount: z.number().int() })
  .openapi('CleanupResult');
const LastCleanupSchema = z
  .object({
    last: z
      .object({
        at: z.string(),
        cleanedCount: z.number().int(),
        sites: z.array(z.object({ siteId: z.string(), cleanedCount: z.number().int() })),
        error: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'Null until the first run' }),
    nextRunAt: z.string().nullable(),
  })
  .openapi('LastAutoCleanup');

const SiteRemovalSchema = z
  .object({ message: z.string(), id: z.string(), archived: z.boolean() })
  .openapi('SiteRemoval');

const TAKES_FILTER =
  'Takes the plod filter (dates, rig, driller; `status` replaces completed, sent and approved).';

/** GET `path` on one site's completed reports, taking the plod filter (`note` adds to its description). */
const completedRoute = <A extends RouteConfig['responses'][string]>(
  path: string,
  summary: string,
  answer: A,
  note?: string,
) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary,
    description: note ? `${TAKES_FILTER} ${note}` : TAKES_FILTER,
    request: { params: IdParams, query: PlodFilterQuery },
    responses: { 200: answer, 400: errors[400], 404: errors[404] },
  });

/** GET /: every site with its settings and hole labels. */
const addSiteList = (app: OpenAPIHono, s: RestServices, summary: string) =>
  addReadRoute(app, tags, {
    summary,
    answer: jsonOk('Sites'),
    run: () => sitesWithHoleIds(s.docs),
  });

/** /api/sites: sites, their settings, completed reports, export and cleanup. */
export function createSiteRoutes(s: RestServices) {
  const app = resourceApp();
  addSiteList(app, s, 'Sites with settings and hole labels');
  addCreateRoute(app, tags, {
    summary: 'Create a site',
    body: REQUEST_BODIES['POST /api/sites'],
    answer: site,
    run: (c, body) => s.sites.add(actorOf(c), body),
  });
  addIdBodyRoute(app, tags, {
    method: 'put',
    summary: 'Change a site’s name or settings',
    body: REQUEST_BODIES['PUT /api/sites/{id}'],
    responses: { 200: site, ...errors },
    run: (c, id, body) => s.sites.update(actorOf(c), id, body),
  });
  addIdRoute(app, tags, {
    method: 'delete',
    summary: 'Delete a site with its rigs, crew and tools, or archive it when it has plods',
    description:
      'A site with plods (any status) is archived instead (`archived: true`): it leaves the crews’ pickers, and its plods stay readable and exportable. POST /{id}/unarchive brings it back.',
    responses: { 200: jsonOk('Deleted or archived', SiteRemovalSchema), 404: errors[404] },
    run: (c, id) => s.siteRemoval.remove(actorOf(c), id),
  });
  addIdRoute(app, tags, {
    method: 'post',
    path: '/{id}/unarchive',
    summary: 'Bring an archived site back into use',
    responses: { 200: site, 404: errors[404] },
    run: (c, id) => s.siteRemoval.unarchive(actorOf(c), id),
  });
  app.openapi(
    completedRoute(
      '/{id}/completed-reports',
      'Completed (and sent) reports of the site, newest first',
      jsonOk('Shift summaries'),
    ),
    async (c) => {
      const filter = plodFilterOf(c.req.valid('query'));
      return c.json(await s.reports.completedOfSite(c.req.valid('param').id, filter), 200);
    },
  );
  app.openapi(
    completedRoute(
      '/{id}/export-csv',
      'Every completed report of the site in one CSV',
      csvOk('CSV download'),
      'An archived site exports too.',
    ),
    async (c) => {
      const filter = plodFilterOf(c.req.valid('query'));
      const file = await s.reports.siteCsv(
        c.req.valid('param').id,
        localIsoDay(new Date()),
        filter,
      );
      return attachment(c, file);
    },
  );
  addIdRoute(app, tags, {
    method: 'post',
    path: '/{id}/cleanup-deleted-reports',
    summary: 'Remove reports soft-deleted more than the site’s cleanup days ago',
    responses: { 200: jsonOk('Cleanup result', Cleaned), 404: errors[404] },
    run: (_c, id) => s.cleanup.cleanup(id),
  });
  return app;
}

/** /api/site-config (create a site from Site Configuration) and /api/site-configs (offline download). */
export function createSiteConfigRoutes(s: RestServices) {
  const app = resourceApp();
  addCreateRoute(app, tags, {
    summary: 'Create a site',
    body: REQUEST_BODIES['POST /api/site-config'],
    answer: site,
    run: (c, body) => s.sites.add(actorOf(c), body),
  });
  return app;
}

export function createSiteConfigsRoutes(s: RestServices) {
  const app = resourceApp();
  addSiteList(app, s, 'Sites with settings');
  return app;
}

/** /api/cleanup-deleted-reports: one site (siteId in body or query) or every site by its own days. */
export function createCleanupRoutes(s: RestServices) {
  const app = resourceApp();
  const SiteQuery = z.object({ siteId: z.string().optional() });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Remove long soft-deleted reports',
      request: { query: SiteQuery },
      responses: { 200: jsonOk('Cleanup result', Cleaned), 404: errors[404] },
    }),
    async (c) => c.json(await s.cleanup.cleanup(c.req.valid('query').siteId), 200),
  );
  addReadRoute(app, tags, {
    path: '/last',
    summary: 'The last automatic (daily) cleanup: when, how many per site, and the next run',
    answer: jsonOk('Last automatic cleanup', LastCleanupSchema),
    run: async () => ({ last: await s.autoCleanup.lastRun(), nextRunAt: s.autoCleanup.nextRunAt }),
  });
  return app;
}
