import { actorOf, principalOf } from '../auth/principal.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  REQUEST_BODIES,
  localIsoDay,
  reportIdSchema,
  reportStatusSchema,
  reopenBodySchema,
  returnBodySchema,
} from '@plod/model';
import { filterFor } from '../services/supervisor-desk.ts';
import { reportIdOf } from '../services/documents.ts';
import { IdParams, csvOk, errorResponse, errors, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { attachment, streamedDownload } from '../http/downloads.ts';
import { addReportHistoryRoute } from './report-history.ts';
import {
  addCreateRoute,
  addDownloadRoutes,
  addIdBodyRoute,
  addIdRoute,
  addQueryRoute,
} from './route-kinds.ts';
import {
  PlodFilterParams,
  PlodFilterQuery,
  checkPlodFilter,
  plodFilterOf,
} from '../http/plod-filter-query.ts';

export const ListQuery = z
  .object({
    ...PlodFilterParams,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(500)
      .default(100)
      .openapi({ description: 'Page size (max 500)' }),
    offset: z.coerce.number().int().min(0).default(0).openapi({ description: 'Rows to skip' }),
  })
  .superRefine(checkPlodFilter);

/** The most plods one states request may name. */
export const MAX_STATES = 50;

const StatesQuery = z.object({
  ids: z
    .string()
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(reportIdSchema).min(1).max(MAX_STATES))
    .openapi({
      description: `Plod ids, comma separated (at most ${MAX_STATES})`,
      type: 'string',
    }),
});

export const ReportListItem = z
  .object({
    id: z.string(),
    status: reportStatusSchema,
    date: z.string().nullable(),
    shiftType: z.string().nullable(),
    operator: z.string().nullable(),
    siteId: z.string().nullable(),
    site: z.string().nullable(),
    rigId: z.string().nullable(),
    rig: z.string().nullable(),
    totalDepthDrilled: z.number(),
    hoursWorked: z.number(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
  })
  .openapi('ReportListItem');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Shift summaries'],
  summary: 'Reports, newest first (shift date, then creation), one page',
  description:
    'Filters combine (AND; `status` is any of a comma list) and are checked strictly: a day that does not exist, an unknown status or a range that ends before it starts is a 400 naming the parameter. Pages with `limit`/`offset`; the total matching count is in the `X-Total-Count` header.',
  request: { query: ListQuery },
  responses: {
    200: {
      ...jsonOk('One page of reports', z.array(ReportListItem)),
      headers: z.object({ 'X-Total-Count': z.string() }),
    },
    400: errors[400],
  },
});

/** GET /: one page of the reports the caller may read, newest first. */
function addReportList(app: OpenAPIHono, s: RestServices) {
  app.openapi(listRoute, async (c) => {
    const { limit, offset, ...query } = c.req.valid('query');
    const { items, total } = await s.reports.list(filterFor(principalOf(c), plodFilterOf(query)), {
      limit,
      offset,
    });
    return c.json(items, 200, { 'X-Total-Count': String(total) });
  });
}

const CreateBody = z.intersection(
  REQUEST_BODIES['POST /api/shift-summaries'],
  z.object({
    id: reportIdSchema
      .optional()
      .openapi({ description: 'An id made offline; omitted: the server makes one' }),
  }),
);
const UpdateBody = REQUEST_BODIES['PUT /api/shift-summaries/{id}'];
const ReturnBody = returnBodySchema;
const summary = jsonOk('The shift summary with derived totals');
const tags = ['Shift summaries'];
const refused = errorResponse(
  'Not allowed: a crew device approving, or a client account and another site’s plod',
);

/** /api/shift-summaries: reports themselves. */
export function createShiftSummaryRoutes(s: RestServices) {
  const app = resourceApp();
  addReportList(app, s);
  // Before /{id}: these paths would otherwise read as ids.
  addQueryRoute(app, tags, {
    path: '/totals',
    summary: 'Per status: how many plods the filter lets through, with their metres and hours',
    description:
      'The list’s filter and access (a client account counts its sites’ plods only); statuses with no plod are left out. A list screen shows its totals and tab counts from this before its rows sync.',
    query: PlodFilterQuery,
    responses: {
      200: jsonOk(
        'Totals per status',
        z.object({
          statuses: z.array(
            z.object({
              status: reportStatusSchema,
              count: z.number().int(),
              metres: z.number(),
              hours: z.number(),
            }),
          ),
        }),
      ),
      400: errors[400],
    },
    run: (c, query) => s.reports.totals(filterFor(principalOf(c), plodFilterOf(query))),
  });
  addQueryRoute(app, tags, {
    path: '/states',
    summary: 'Several plods’ whole states, so a phone can open them with no signal',
    description: `Each named plod’s Yjs state as one update (base64), as a phone stores it (y-indexeddb): the Plods list asks for the plods it shows that are not on the phone yet, at most ${MAX_STATES} at a time. A plod that does not exist, or that a client account may not read, is listed in \`missing\`. A malformed id, none, or more than ${MAX_STATES} is a 400.`,
    query: StatesQuery,
    responses: {
      200: jsonOk(
        'The states found, and the ids not found or not readable',
        z.object({
          states: z.array(z.object({ id: z.string(), update: z.string() })),
          missing: z.array(z.string()),
        }),
      ),
      400: errors[400],
    },
    run: async (c, { ids }) => {
      const { states, missing } = await s.desk.states(principalOf(c), ids);
      return {
        states: states.map(({ id, update }) => ({
          id,
          update: Buffer.from(update).toString('base64'),
        })),
        missing,
      };
    },
  });
  addDownloadRoutes(app, tags, {
    name: 'export',
    summary:
      'One row per plod (date, shift, site, rig, driller, metres, hours, holes, status, approved by)',
    description:
      'Every plod the filter lets through (the list’s filter; all of them without one), newest first. Supervisors only.',
    query: PlodFilterQuery,
    send: async (c, query, format) => {
      const filter = plodFilterOf(query);
      const today = localIsoDay(new Date());
      const file =
        format === 'csv'
          ? await s.reports.summaryCsv(filter, today)
          : await s.reports.summaryXlsx(filter, today);
      return streamedDownload(c, file, format);
    },
  });
  addCreateRoute(app, tags, {
    summary: 'Create a report',
    body: CreateBody,
    answer: summary,
    run: (c, body) => s.reports.create(actorOf(c), body),
  });
  addIdRoute(app, tags, {
    method: 'get',
    summary: 'One report',
    responses: { 200: summary, 403: refused, 404: errors[404] },
    run: async (c, given) => {
      const id = reportIdOf(given);
      await s.desk.snapshot(principalOf(c), id);
      return s.reports.get(id);
    },
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/pdf',
      tags,
      summary: 'The whole plod as an A4 PDF (the report view’s content, with the signature)',
      request: { params: IdParams },
      responses: {
        200: {
          description: 'PDF download',
          content: { 'application/pdf': { schema: z.string() } },
        },
        403: refused,
        404: errors[404],
      },
    }),
    async (c) => {
      const file = await s.desk.pdf(principalOf(c), reportIdOf(c.req.valid('param').id));
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      });
    },
  );
  addIdRoute(app, tags, {
    method: 'post',
    path: '/{id}/approve',
    summary: 'Approve a submitted plod (it is locked from then on)',
    description:
      'Supervisors, and client accounts for their sites. The status, who set it and when are recorded.',
    responses: { 200: summary, 403: refused, 404: errors[404], 409: errors[409] },
    run: (c, id) => s.desk.approve(actorOf(c), reportIdOf(id)),
  });
  addIdBodyRoute(app, tags, {
    method: 'post',
    path: '/{id}/return',
    summary: 'Return a submitted plod to the crew with a comment saying what to fix',
    description:
      'Supervisors, and client accounts for their sites. The crew’s phones show the comment; the plod is editable again until they submit it.',
    body: ReturnBody,
    responses: { 200: summary, ...errors, 403: refused },
    run: (c, id, body) => s.desk.return(actorOf(c), reportIdOf(id), body.comment),
  });
  addIdBodyRoute(app, tags, {
    method: 'post',
    path: '/{id}/reopen',
    summary: 'Reopen an approved plod with a reason (it is submitted again)',
    description:
      'Supervisors. An approved plod is read-only to everyone; reopening it records the reason beside the status (in the history, and shown with the plod) and makes it Submitted again.',
    body: reopenBodySchema,
    responses: { 200: summary, ...errors, 403: refused },
    run: (c, id, body) => s.desk.reopen(actorOf(c), reportIdOf(id), body.reason),
  });
  for (const method of ['put', 'patch'] as const) {
    addIdBodyRoute(app, tags, {
      method,
      summary: 'Change details, overrides, notes or status',
      body: UpdateBody,
      responses: { 200: summary, ...errors },
      run: (c, id, body) => s.reports.update(actorOf(c), reportIdOf(id), body),
    });
  }
  addIdRoute(app, tags, {
    method: 'delete',
    summary: 'Soft delete (status deleted)',
    responses: { 200: jsonOk('Deleted'), 404: errors[404], 409: errors[409] },
    run: (c, id) => s.reports.remove(actorOf(c), reportIdOf(id)),
  });
  addReportHistoryRoute(app, s);
  addIdRoute(app, tags, {
    method: 'post',
    path: '/{id}/restore',
    summary: 'Restore a deleted plod to the status it had when it was deleted',
    description:
      'Supervisors only, until cleanup removes the plod. 409 unless the plod is deleted.',
    responses: { 200: summary, 404: errors[404], 409: errors[409] },
    run: (c, id) => s.reports.restore(actorOf(c), reportIdOf(id)),
  });
  addIdRoute(app, tags, {
    method: 'get',
    path: '/{id}/crew',
    summary: 'Crew assignments of a report',
    responses: { 200: jsonOk('Crew assignments'), 404: errors[404] },
    run: (c, id) => s.crew.ofReport(actorOf(c), reportIdOf(id)),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/export-csv',
      tags,
      summary: 'The report as CSV (SPEC 3 CSV output)',
      request: { params: IdParams },
      responses: { 200: csvOk('CSV download'), 404: errors[404] },
    }),
    async (c) =>
      attachment(c, await s.reports.csv(actorOf(c), reportIdOf(c.req.valid('param').id))),
  );
  return app;
}

/** /api/plods: the offline download's name for the reports list. */
export function createPlodsRoutes(s: RestServices) {
  const app = resourceApp();
  addReportList(app, s);
  return app;
}
