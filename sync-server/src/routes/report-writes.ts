import { createRoute } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import type { ReportId } from '@plod/model';
import { actorOf } from '../auth/principal.ts';
import type { Principal } from '../auth/principal.ts';
import { requireReportId } from '../services/documents.ts';
import { IdParams, ReportQuery, errors, jsonBody, jsonOk } from '../http/openapi.ts';

type Answer = ReturnType<typeof jsonOk>;
/** A write's body: it may name its report instead of the query. */
type ReportBody = { shiftSummaryId?: string };

interface ReportWrite<B extends ReportBody, Args extends unknown[]> {
  summary: string;
  body: ZodType<B>;
  answer: Answer;
  run: (actor: Principal, report: ReportId, ...args: Args) => Promise<unknown>;
}

export interface ReportWrites<In extends ReportBody, Patch extends ReportBody> {
  /** POST /: add a row to the report. */
  add: ReportWrite<In, [body: In]>;
  /** PUT /{id}: change a row of the report. */
  update?: ReportWrite<Patch, [id: string, body: Patch]>;
  /** DELETE /{id}: remove a row of the report. */
  remove?: Omit<ReportWrite<ReportBody, [id: string]>, 'body' | 'answer'>;
}

/**
 * The writes of a report-scoped collection (crew, runs, timesheet, survey, a part's rows): each
 * names its report by `shiftSummaryId`, in the query or (add and change) in the body.
 */
export function addReportWrites<In extends ReportBody, Patch extends ReportBody>(
  app: OpenAPIHono,
  tags: string[],
  { add, update, remove }: ReportWrites<In, Patch>,
) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: add.summary,
      request: { query: ReportQuery, ...jsonBody(add.body) },
      responses: { 201: add.answer, ...errors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const report = requireReportId(c.req.valid('query').shiftSummaryId, body.shiftSummaryId);
      return c.json(await add.run(actorOf(c), report, body), 201);
    },
  );
  if (update) {
    app.openapi(
      createRoute({
        method: 'put',
        path: '/{id}',
        tags,
        summary: update.summary,
        request: { params: IdParams, query: ReportQuery, ...jsonBody(update.body) },
        responses: { 200: update.answer, ...errors },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const report = requireReportId(c.req.valid('query').shiftSummaryId, body.shiftSummaryId);
        return c.json(await update.run(actorOf(c), report, c.req.valid('param').id, body), 200);
      },
    );
  }
  if (remove) {
    app.openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: remove.summary,
        request: { params: IdParams, query: ReportQuery },
        responses: { 200: jsonOk('Removed'), ...errors },
      }),
      async (c) => {
        const report = requireReportId(c.req.valid('query').shiftSummaryId);
        return c.json(await remove.run(actorOf(c), report, c.req.valid('param').id), 200);
      },
    );
  }
}
