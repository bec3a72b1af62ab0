import { actorOf } from '../auth/principal.ts';
import { createRoute } from '@hono/zod-openapi';
import { REQUEST_BODIES } from '@plod/model';
import { reportIdOf, requireReportId } from '../services/documents.ts';
import {
  IdParams,
  ReportQuery,
  ShiftIdParams,
  errors,
  jsonBody,
  jsonOk,
  resourceApp,
  withReportId,
} from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';

const tags = ['Crew assignments'];
const assignment = jsonOk('The assignment');

/** /api/crew-assignments: who worked the shift; one primary driller per report. */
export function createCrewAssignmentRoutes(s: RestServices) {
  const app = resourceApp();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'Assignments of a report',
      request: { params: ShiftIdParams },
      responses: { 200: jsonOk('Assignments'), 404: errors[404] },
    }),
    async (c) =>
      c.json(await s.crew.ofReport(actorOf(c), reportIdOf(c.req.valid('param').id)), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Assign a crew member',
      request: { query: ReportQuery, ...jsonBody(REQUEST_BODIES['POST /api/crew-assignments']) },
      responses: { 201: assignment, ...errors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const report = requireReportId(c.req.valid('query').shiftSummaryId, body.shiftSummaryId);
      return c.json(await s.crew.assign(actorOf(c), report, body), 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}/primary',
      tags,
      summary: 'Make this driller the primary',
      request: { params: IdParams, query: ReportQuery },
      responses: { 200: assignment, ...errors },
    }),
    async (c) => {
      const report = requireReportId(c.req.valid('query').shiftSummaryId);
      return c.json(await s.crew.setPrimary(actorOf(c), report, c.req.valid('param').id), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Change an assignment (isPrimary sets or clears primary)',
      request: {
        params: IdParams,
        query: ReportQuery,
        ...jsonBody(withReportId(REQUEST_BODIES['PUT /api/crew-assignments/{id}'])),
      },
      responses: { 200: assignment, ...errors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const report = requireReportId(c.req.valid('query').shiftSummaryId, body.shiftSummaryId);
      return c.json(await s.crew.update(actorOf(c), report, c.req.valid('param').id, body), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Remove an assignment',
      request: { params: IdParams, query: ReportQuery },
      responses: { 200: jsonOk('Removed'), ...errors },
    }),
    async (c) => {
      const report = requireReportId(c.req.valid('query').shiftSummaryId);
      return c.json(await s.crew.remove(actorOf(c), report, c.req.valid('param').id), 200);
    },
  );
  return app;
}
