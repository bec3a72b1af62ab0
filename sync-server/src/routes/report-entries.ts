import { actorOf } from '../auth/principal.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { reportIdOf } from '../services/documents.ts';
import {
  ReportQuery,
  ShiftIdParams,
  errors,
  jsonOk,
  resourceApp,
  withReportId,
} from '../http/openapi.ts';
import { addReportWrites } from './report-writes.ts';
import type { RestServices } from '../product/services.ts';
import type { ReportEntries } from '../services/report-entries.ts';

interface EntryRoutesSpec<In, Patch> {
  tag: string;
  entries: ReportEntries<In, Patch>;
  create: ZodType<In>;
  patch: ZodType<Patch>;
}

/**
 * A report-scoped collection (timesheet, survey, a part's rows): list all or one
 * report's rows, add, change and remove. Writes name their report by `shiftSummaryId`.
 */
export function createReportEntryRoutes<In, Patch>(spec: EntryRoutesSpec<In, Patch>) {
  const app = resourceApp();
  const tags = [spec.tag];
  const { entries } = spec;
  const rows = jsonOk(`${spec.tag} rows`);
  const row = jsonOk(`The ${spec.tag.toLowerCase()} row`);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Rows of one report (shiftSummaryId) or of every report not deleted',
      request: { query: ReportQuery },
      responses: { 200: rows, ...errors },
    }),
    async (c) => {
      const { shiftSummaryId } = c.req.valid('query');
      return c.json(
        shiftSummaryId
          ? await entries.ofReport(actorOf(c), shiftSummaryId)
          : await entries.all(actorOf(c)),
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'Rows of one report',
      request: { params: ShiftIdParams },
      responses: { 200: rows, 404: errors[404] },
    }),
    async (c) =>
      c.json(await entries.ofReport(actorOf(c), reportIdOf(c.req.valid('param').id)), 200),
  );
  addReportWrites(app, tags, {
    add: {
      summary: 'Add a row to a report',
      body: withReportId(spec.create),
      answer: row,
      run: (actor, report, body) => entries.add(actor, report, body),
    },
    update: {
      summary: 'Change a row',
      body: withReportId(spec.patch),
      answer: row,
      run: (actor, report, id, body) => entries.update(actor, report, id, body),
    },
    remove: {
      summary: 'Remove a row',
      run: (actor, report, id) => entries.remove(actor, report, id),
    },
  });
  return app;
}

const TimesheetsQuery = z.object({
  shiftSummaryId: z.string().optional(),
  shiftId: z.string().optional().openapi({ description: 'Same as shiftSummaryId (CSV editor)' }),
});

/** /api/timesheets?shiftSummaryId (or ?shiftId): a report's timesheet; without either, every report's. */
export function createTimesheetsRoutes(s: RestServices) {
  const app = resourceApp();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Timesheet'],
      summary: 'Timesheet rows of a report',
      request: { query: TimesheetsQuery },
      responses: { 200: jsonOk('Timesheet rows'), 404: errors[404] },
    }),
    async (c) => {
      const { shiftSummaryId, shiftId } = c.req.valid('query');
      const id = shiftSummaryId ?? shiftId;
      return c.json(
        id
          ? await s.timesheet.ofReport(actorOf(c), reportIdOf(id))
          : await s.timesheet.all(actorOf(c)),
        200,
      );
    },
  );
  return app;
}
