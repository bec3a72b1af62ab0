import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PLOD_PARTS } from '@plod/model';
import { forwardedBindings } from '../auth/principal.ts';
import { NotFoundError } from '../errors.ts';
import { errors, resourceApp } from '../http/openapi.ts';

/** Tables the offline queue replays (its names use underscores where the routes use dashes). */
export const SYNC_TABLES = new Set([
  'shift-summaries',
  'timesheet-entries',
  'run-sheet-entries',
  'runs',
  'survey-entries',
  ...PLOD_PARTS.map((part) => part.rest.path),
  'hire-tools-library',
  'consumables',
  'crew-assignments',
  'crew-members',
  'sites',
  'rigs',
  'hole-ids',
  'hole-config',
  'site-config',
]);

const Table = z.object({
  table: z.string().openapi({ param: { name: 'table', in: 'path' }, example: 'timesheet_entries' }),
});
const TableId = Table.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const tags = ['Offline sync'];
const description =
  'Replays an offline queue item: `{table}` with underscores (e.g. `timesheet_entries`) runs the same operation as the dashed route, with the same body and answers.';

/**
 * POST /api/{table}, PUT and DELETE /api/{table}/{id}: the generic offline-sync calls, re-dispatched to
 * the resource routes so there is one implementation of each operation.
 */
export function createGenericSyncRoutes(dispatch: () => OpenAPIHono, prefix: string) {
  const app = resourceApp();
  const forward = async (c: Context, table: string, id?: string): Promise<Response> => {
    const request = c.req.raw;
    const target = table.replaceAll('_', '-');
    if (!SYNC_TABLES.has(target) || target === table) {
      throw new NotFoundError(`Unknown table ${table}`);
    }
    const url = new URL(request.url);
    url.pathname = `${prefix}/${target}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
    const body = await request.arrayBuffer();
    const nested = new Request(url, {
      method: request.method,
      headers: request.headers,
      body: body.byteLength > 0 ? body : undefined,
    });
    // The nested dispatch does not pass the access middleware again: it acts for the same caller.
    return dispatch().fetch(nested, forwardedBindings(c));
  };
  app.openapi(
    createRoute({
      method: 'post',
      path: '/{table}',
      tags,
      summary: 'Create in a table',
      description,
      request: { params: Table },
      responses: { 201: { description: 'As the dashed route' }, ...errors },
    }),
    (c) => forward(c, c.req.valid('param').table),
  );
  for (const method of ['put', 'delete'] as const) {
    app.openapi(
      createRoute({
        method,
        path: '/{table}/{id}',
        tags,
        summary: `${method.toUpperCase()} in a table`,
        description,
        request: { params: TableId },
        responses: { 200: { description: 'As the dashed route' }, ...errors },
      }),
      (c) => forward(c, c.req.valid('param').table, c.req.valid('param').id),
    );
  }
  return app;
}
