import { createRoute } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodObject, ZodType } from 'zod';
import type { ReportId } from '@plod/model';
import { IdParams, ShiftIdParams, errors, jsonBody } from '../http/openapi.ts';
import { reportIdOf } from '../services/documents.ts';
import { downloadResponse } from '../http/downloads.ts';
import type { DownloadFormat } from '../http/downloads.ts';
import type { errorResponse, jsonOk } from '../http/openapi.ts';

/**
 * The kinds of route most resources declare, each one call: a read without input or with a query,
 * a route on one resource by its `{id}` (with or without a JSON body) and a create. What a route does
 * is its `run`, given the request's context (for `actorOf`/`principalOf`) and what it names.
 */

type Answer = ReturnType<typeof jsonOk>;
/** The error answers a route lists besides its 200 (`errors`, or some of them). */
type Failures = Partial<Record<400 | 403 | 404 | 409 | 413, ReturnType<typeof errorResponse>>>;

interface Described {
  summary: string;
  description?: string;
}

/** What the route's description adds to its config (nothing when it has none). */
const described = ({ summary, description }: Described) =>
  description === undefined ? { summary } : { summary, description };

/** What a GET on `path` (default `/`) declares but its request and answers. */
const read = (route: Described & { path?: string }, tags: string[]) => ({
  method: 'get' as const,
  path: route.path ?? '/',
  tags,
  ...described(route),
});

/** GET `path` (default `/`) with no input: 200 with what `run` reads. */
export function addReadRoute(
  app: OpenAPIHono,
  tags: string[],
  route: Described & { path?: string; answer: Answer; run: (c: Context) => Promise<unknown> },
) {
  app.openapi(createRoute({ ...read(route, tags), responses: { 200: route.answer } }), async (c) =>
    c.json(await route.run(c), 200),
  );
}

/** GET `path` (default `/`) with a query checked against `query`: 200 with what `run` reads. */
export function addQueryRoute<Q>(
  app: OpenAPIHono,
  tags: string[],
  route: Described & {
    path?: string;
    query: ZodObject & ZodType<Q>;
    responses: { 200: Answer } & Failures;
    run: (c: Context, query: Q) => Promise<unknown>;
  },
) {
  app.openapi(
    createRoute({
      ...read(route, tags),
      request: { query: route.query },
      responses: route.responses,
    }),
    async (c) => c.json(await route.run(c, c.req.valid('query')), 200),
  );
}

interface OnId extends Described {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Default `/{id}`. */
  path?: string;
  responses: { 200: Answer } & Failures;
}

/** What a route on one resource declares but its request. */
const onId = (route: OnId, tags: string[]) => ({
  method: route.method,
  path: route.path ?? '/{id}',
  tags,
  ...described(route),
  responses: route.responses,
});

/** `method` on one resource named by `{id}` in `path`: 200 with what `run` gives for that id. */
export function addIdRoute(
  app: OpenAPIHono,
  tags: string[],
  route: OnId & { run: (c: Context, id: string) => Promise<unknown> },
) {
  app.openapi(createRoute({ ...onId(route, tags), request: { params: IdParams } }), async (c) =>
    c.json(await route.run(c, c.req.valid('param').id), 200),
  );
}

/** GET `path` (default `/{id}`) on one report named by `{id}`: 200 with what `run` reads of it. */
export function addReportRoute(
  app: OpenAPIHono,
  tags: string[],
  route: Omit<OnId, 'method'> & { run: (c: Context, report: ReportId) => Promise<unknown> },
) {
  app.openapi(
    createRoute({ ...onId({ ...route, method: 'get' }, tags), request: { params: ShiftIdParams } }),
    async (c) => c.json(await route.run(c, reportIdOf(c.req.valid('param').id)), 200),
  );
}

/** As `addIdRoute`, with a JSON body checked against `body` (a 400 when it does not pass). */
export function addIdBodyRoute<B>(
  app: OpenAPIHono,
  tags: string[],
  route: OnId & { body: ZodType<B>; run: (c: Context, id: string, body: B) => Promise<unknown> },
) {
  app.openapi(
    createRoute({ ...onId(route, tags), request: { params: IdParams, ...jsonBody(route.body) } }),
    async (c) => c.json(await route.run(c, c.req.valid('param').id, c.req.valid('json')), 200),
  );
}

/** POST / with a JSON body checked against `body`: 201 with what `run` makes of it. */
export function addCreateRoute<B>(
  app: OpenAPIHono,
  tags: string[],
  route: Described & {
    body: ZodType<B>;
    answer: Answer;
    run: (c: Context, body: B) => Promise<unknown>;
  },
) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      ...described(route),
      request: jsonBody(route.body),
      responses: { 201: route.answer, ...errors },
    }),
    async (c) => c.json(await route.run(c, c.req.valid('json')), 201),
  );
}

/**
 * GET `{name}.csv` and `{name}.xlsx` with a query checked against `query`: the file `send` answers
 * for each format. The summary names the format after `summary`.
 */
export function addDownloadRoutes<Q>(
  app: OpenAPIHono,
  tags: string[],
  route: {
    name: string;
    summary: string;
    /** One for both formats, or one each. */
    description: string | Record<DownloadFormat, string>;
    query: ZodObject & ZodType<Q>;
    send: (c: Context, query: Q, format: DownloadFormat) => Promise<Response>;
  },
) {
  for (const format of ['csv', 'xlsx'] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `/${route.name}.${format}`,
        tags,
        summary: `${route.summary} as ${format.toUpperCase()}`,
        description:
          typeof route.description === 'string' ? route.description : route.description[format],
        request: { query: route.query },
        responses: { 200: downloadResponse(format), 400: errors[400] },
      }),
      async (c) => route.send(c, c.req.valid('query'), format),
    );
  }
}
