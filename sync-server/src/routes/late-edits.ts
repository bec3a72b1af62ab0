import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '../auth/principal.ts';
import { REPORT_PARTS } from '../late-edits/parts.ts';
import { IdParams, errors, jsonOk, resourceApp } from '../rest/openapi.ts';
import type { RestServices } from '../rest/services.ts';

const tags = ['Late edits'];

const LateEditSchema = z
  .object({
    id: z.string(),
    reportId: z.string().nullable(),
    deviceId: z.string(),
    deviceName: z.string(),
    receivedAt: z.string().openapi({ description: 'When the server received it (ISO 8601)' }),
    bytes: z.number().int().openapi({ description: 'Size of the kept update' }),
    parts: z
      .array(z.enum(REPORT_PARTS))
      .openapi({ description: 'What the edit changes, e.g. ["runs", "timesheets"]' }),
  })
  .openapi('LateEdit');

const Merged = z.object({ id: z.string(), merged: z.literal(true) }).openapi('LateEditMerged');

/**
 * /api/late-edits: offline edits that reached the server after their report was submitted, kept
 * aside for a supervisor to merge into the report or discard.
 */
export function createLateEditRoutes(s: RestServices) {
  const app = resourceApp();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Late edits waiting for a supervisor, oldest first',
      responses: { 200: jsonOk('Late edits', z.array(LateEditSchema)) },
    }),
    (c) => c.json(s.lateEdits.list(), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/merge',
      tags,
      summary: 'Merge a late edit into its report (the report stays submitted)',
      request: { params: IdParams },
      responses: { 200: jsonOk('Merged', Merged), 404: errors[404], 409: errors[409] },
    }),
    async (c) => c.json(await s.lateEdits.merge(c.req.valid('param').id, actorOf(c)), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Discard a late edit (the report is unchanged)',
      request: { params: IdParams },
      responses: { 204: { description: 'Discarded' }, 404: errors[404] },
    }),
    (c) => {
      s.lateEdits.discard(c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
  return app;
}
