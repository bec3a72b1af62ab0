import { createRoute, z } from '@hono/zod-openapi';
import { rosterCellSchema } from '@plod/model';
import { actorOf, principalOf } from '../auth/principal.ts';
import type { Principal } from '../auth/principal.ts';
import {
  PlodFilterParams,
  RangeParams,
  checkPlodFilter,
  checkRange,
  plodFilterOf,
} from '../http/plod-filter-query.ts';
import { errors, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { filterFor } from '../services/supervisor-desk.ts';
import type { SiteScope } from '../services/kpis.ts';
import { addQueryRoute } from './route-kinds.ts';

/** Shown when a missing-shifts range lacks a day. */
export const GAP_RANGE_MESSAGE = 'Choose the first and last day of the range';
/** The longest range the missing-shifts list answers, in days. */
export const MAX_GAP_DAYS = 366;
export const GAP_RANGE_TOO_LONG = `Choose a range of at most ${MAX_GAP_DAYS} days`;

const KpiQuery = z
  .object({ ...RangeParams, rigId: PlodFilterParams.rigId })
  .superRefine(checkPlodFilter);

const GapQuery = z.object(RangeParams).superRefine((query, ctx) => {
  checkRange(GAP_RANGE_MESSAGE)(query, ctx);
  const days = (Date.parse(query.to ?? '') - Date.parse(query.from ?? '')) / 86_400_000;
  if (days >= MAX_GAP_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: GAP_RANGE_TOO_LONG });
  }
});

const RosterQuery = z.object({ siteId: PlodFilterParams.siteId });
const RosterBody = z.object({ cells: z.array(rosterCellSchema).min(1).max(500) });

/** The sites a caller may see: a client account its own (of them, `siteId` when given). */
function scopeOf(principal: Principal | null, siteId: string | undefined): SiteScope {
  if (principal?.kind !== 'client') return { siteId };
  return { siteId, siteIds: principal.siteIds };
}

const tags = ['KPIs and rosters'];

/** /api/kpis, /api/shift-gaps and /api/rosters. */
export function createKpiRoutes(s: RestServices) {
  const app = resourceApp();
  addQueryRoute(app, tags, {
    path: '/kpis',
    summary: 'Metres, utilisation, downtime, metres per bit, recovery and revenue over plods',
    description:
      'Over the plods (not deleted) whose shift date is in the range, of a site and rig when given: metres per shift per rig per day, drilling hours over shift hours per rig, downtime hours by code and by group, metres per bit, core recovery per hole, and revenue per metre and per shift over the plods priced by a contract version in force on their date (null while none is; a contract change re-prices its site’s plods). Computed from per-plod figures kept when each plod is stored. Supervisors, and client accounts for their own sites.',
    query: KpiQuery,
    responses: { 200: jsonOk('The KPIs'), 400: errors[400] },
    run: (c, query) => s.kpis.kpis(filterFor(principalOf(c), plodFilterOf(query))),
  });
  addQueryRoute(app, tags, {
    path: '/shift-gaps',
    summary: 'Rostered rig-shifts without a plod, and plods submitted late',
    description:
      'For each day of the range (both days required, at most 366 days): every rig-shift the site’s roster expects, whose end has passed, with no plod (not deleted) of that site, rig, date and shift; and every plod of the range first submitted more than `lateAfterHours` after its shift’s end (a day shift ends at 18:00, a night shift at 06:00 the next day). Supervisors, and client accounts for their own sites.',
    query: GapQuery,
    responses: { 200: jsonOk('`{ from, to, lateAfterHours, missing, late }`'), 400: errors[400] },
    run: (c, { from, to, siteId }) =>
      s.kpis.shiftGaps(
        { from: from ?? '', to: to ?? '', ...scopeOf(principalOf(c), siteId) },
        Date.now(),
      ),
  });
  addQueryRoute(app, tags, {
    path: '/rosters',
    summary: 'The expected rig-shifts of each site (of one site when given)',
    query: RosterQuery,
    responses: { 200: jsonOk('`[{ siteId, rigId, weekday, shiftType }]`, weekday 1 = Monday') },
    run: (_c, { siteId }) => s.kpis.roster({ siteId: siteId }),
  });
  app.openapi(
    createRoute({
      method: 'put',
      path: '/rosters',
      tags,
      summary:
        'Tick or clear roster cells: `{ cells: [{ siteId, rigId, weekday, shiftType, expected }] }`',
      request: jsonBody(RosterBody),
      responses: {
        200: jsonOk('The roster of the site changed (every site when several)'),
        ...errors,
      },
    }),
    async (c) => c.json(await s.kpis.setRoster(actorOf(c), c.req.valid('json').cells), 200),
  );
  return app;
}
