import { actorOf } from '../auth/principal.ts';
import { z } from '@hono/zod-openapi';
import { REQUEST_BODIES, runInputFromRunSheetEntry, runInputFromRunsBody } from '@plod/model';
import { reportIdOf } from '../services/documents.ts';
import { errors, jsonOk, resourceApp, withReportId } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addReportWrites } from './report-writes.ts';
import { addIdRoute, addQueryRoute } from './route-kinds.ts';

const RunSheetQuery = z.object({
  shiftSummaryId: z.string().optional(),
  reportId: z.string().optional().openapi({ description: 'Same as shiftSummaryId' }),
  holeId: z.string().optional(),
});
const tags = ['Runs'];

/** /api/run-sheet-entries: runs of reports as run-sheet rows (depths derived from the merged chain). */
export function createRunSheetRoutes(s: RestServices) {
  const app = resourceApp();
  addQueryRoute(app, tags, {
    summary: 'Run-sheet rows of a report and/or hole',
    query: RunSheetQuery,
    responses: { 200: jsonOk('Run-sheet rows'), 404: errors[404] },
    run: (c, { shiftSummaryId, reportId, holeId }) => {
      const report = shiftSummaryId ?? reportId;
      return s.holes.runs(actorOf(c), {
        reportId: report ? reportIdOf(report) : undefined,
        holeId,
      });
    },
  });
  addIdRoute(app, tags, {
    method: 'get',
    path: '/shift/{id}',
    summary: 'Run-sheet rows of a report',
    responses: { 200: jsonOk('Run-sheet rows'), 404: errors[404] },
    run: (c, id) => s.holes.runs(actorOf(c), { reportId: reportIdOf(id) }),
  });
  addReportWrites(app, tags, {
    add: {
      summary: 'Add a run (the hole joins the report if new to it)',
      body: withReportId(REQUEST_BODIES['POST /api/run-sheet-entries']),
      answer: jsonOk('The run, with its derived id, number and depths'),
      run: (actor, report, body) =>
        s.holes.addRun(actor, report, body.holeId, runInputFromRunSheetEntry(body)),
    },
    update: {
      summary: 'Correct a run’s inputs',
      body: withReportId(REQUEST_BODIES['PUT /api/run-sheet-entries/{id}']),
      answer: jsonOk('The run'),
      run: (actor, report, id, body) => s.holes.updateRun(actor, report, id, body),
    },
    remove: {
      summary: 'Remove a run (later runs move up)',
      run: (actor, report, id) => s.holes.removeRun(actor, report, id),
    },
  });
  return app;
}

/** A run in the second style (SPEC 3 Run). */
function asStyleTwo(run: Awaited<ReturnType<RestServices['holes']['runs']>>[number]) {
  return {
    id: run.id,
    shiftSummaryId: run.shiftSummaryId,
    holeId: run.holeId,
    runNumber: run.runNumber,
    rodsCount: run.rodAdded ? 1 : 0,
    barrelCount: 1,
    stickUp: run.stickUp,
    calculatedDepth: run.toDepth,
    notes: run.notes,
    recoveredLength: run.recoveredLength,
  };
}

/** /api/runs: the second-style run screen. */
export function createRunsRoutes(s: RestServices) {
  const app = resourceApp();
  addQueryRoute(app, tags, {
    summary: 'Runs, optionally of one hole',
    query: z.object({ holeId: z.string().optional() }),
    responses: { 200: jsonOk('Runs') },
    run: async (c, { holeId }) => (await s.holes.runs(actorOf(c), { holeId })).map(asStyleTwo),
  });
  addReportWrites(app, tags, {
    add: {
      summary: 'Add a run (second style)',
      body: withReportId(REQUEST_BODIES['POST /api/runs']),
      answer: jsonOk('The run'),
      run: async (actor, report, body) =>
        asStyleTwo(await s.holes.addRun(actor, report, body.holeId, runInputFromRunsBody(body))),
    },
  });
  return app;
}
