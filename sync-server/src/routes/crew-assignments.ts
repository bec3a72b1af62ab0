import { actorOf } from '../auth/principal.ts';
import { createRoute } from '@hono/zod-openapi';
import { REQUEST_BODIES } from '@plod/model';
import { requireReportId } from '../services/documents.ts';
import {
  IdParams,
  ReportQuery,
  errors,
  jsonOk,
  resourceApp,
  withReportId,
} from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addReportWrites } from './report-writes.ts';
import { addReportRoute } from './route-kinds.ts';

const tags = ['Crew assignments'];
const assignment = jsonOk('The assignment');

/** /api/crew-assignments: who worked the shift; one primary driller per report. */
export function createCrewAssignmentRoutes(s: RestServices) {
  const app = resourceApp();
  addReportRoute(app, tags, {
    summary: 'Assignments of a report',
    responses: { 200: jsonOk('Assignments'), 404: errors[404] },
    run: (c, report) => s.crew.ofReport(actorOf(c), report),
  });
  addReportWrites(app, tags, {
    add: {
      summary: 'Assign a crew member',
      body: REQUEST_BODIES['POST /api/crew-assignments'],
      answer: assignment,
      run: (actor, report, body) => s.crew.assign(actor, report, body),
    },
    update: {
      summary: 'Change an assignment (isPrimary sets or clears primary)',
      body: withReportId(REQUEST_BODIES['PUT /api/crew-assignments/{id}']),
      answer: assignment,
      run: (actor, report, id, body) => s.crew.update(actor, report, id, body),
    },
    remove: {
      summary: 'Remove an assignment',
      run: (actor, report, id) => s.crew.remove(actor, report, id),
    },
  });
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
  return app;
}
