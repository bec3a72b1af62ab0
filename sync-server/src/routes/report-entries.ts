import { actorOf } from '../auth/principal.ts';
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { reportIdOf } from '../services/documents.ts';
import { ReportQuery, errors, jsonOk, resourceApp, withReportId } from '../http/openapi.ts';
import { addReportWrites } from './report-writes.ts';
import { addQueryRoute, addReportRoute } from './route-kinds.ts';
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
  addQueryRoute(app, tags, {
    summary: 'Rows of one report (shiftSummaryId) or of every report not deleted',
    query: ReportQuery,
    responses: { 200: rows, ...errors },
    run: (c, { shiftSummaryId }) =>
      shiftSummaryId ? entries.ofReport(actorOf(c), shiftSummaryId) : entries.all(actorOf(c)),
  });
  addReportRoute(app, tags, {
    summary: 'Rows of one report',
    responses: { 200: rows, 404: errors[404] },
    run: (c, report) => entries.ofReport(actorOf(c), report),
  });
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
  addQueryRoute(app, ['Timesheet'], {
    summary: 'Timesheet rows of a report',
    query: TimesheetsQuery,
    responses: { 200: jsonOk('Timesheet rows'), 404: errors[404] },
    run: (c, { shiftSummaryId, shiftId }) => {
      const id = shiftSummaryId ?? shiftId;
      return id ? s.timesheet.ofReport(actorOf(c), reportIdOf(id)) : s.timesheet.all(actorOf(c));
    },
  });
  return app;
}
