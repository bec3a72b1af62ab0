import { createRoute, z } from '@hono/zod-openapi';
import { reportIdSchema } from '@plod/model';
import { actorOf } from '../auth/principal.ts';
import { REPORT_PARTS } from '../late-edits/parts.ts';
import { IdParams, errors, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addReadRoute } from './route-kinds.ts';

const tags = ['Late edits'];
const parts = z
  .array(z.enum(REPORT_PARTS))
  .openapi({ description: 'What the edit changes, e.g. ["runs", "timesheets"]' });

const LateEditSchema = z
  .object({
    id: z.string(),
    reportId: z.string().nullable(),
    deviceId: z.string(),
    deviceName: z.string(),
    receivedAt: z.string().openapi({ description: 'When the server received it (ISO 8601)' }),
    bytes: z.number().int().openapi({ description: 'Size of the kept update' }),
    parts,
  })
  .openapi('LateEdit');

const SessionSchema = z
  .object({
    id: z.string().openapi({ description: 'The id of its first edit' }),
    reportId: z.string().nullable(),
    deviceId: z.string(),
    deviceName: z.string(),
    firstReceivedAt: z.string(),
    lastReceivedAt: z.string(),
    editIds: z.array(z.string()),
    parts,
    changes: z
      .array(z.object({ part: z.string(), text: z.string() }))
      .openapi({ description: 'What merging it does, in words (before -> after)' }),
    mergesAlong: z.array(z.string()).openapi({
      description: 'Earlier sessions of the same phone this one builds on: merged with it',
    }),
    cannotMerge: z
      .string()
      .nullable()
      .openapi({ description: 'Why it cannot be merged (only discarding is offered)' }),
  })
  .openapi('LateEditSession');

const Merged = z
  .object({
    id: z.string(),
    merged: z.literal(true),
    edits: z.array(z.string()).openapi({ description: 'Every edit merged' }),
    alongside: z
      .array(z.string())
      .openapi({ description: 'Earlier edits of the same phone merged with it' }),
  })
  .openapi('LateEditMerged');

const Bulk = z
  .object({
    sessions: z.number().int(),
    edits: z.number().int(),
    failed: z.array(z.object({ id: z.string(), message: z.string() })),
  })
  .openapi('LateEditsBulk');

const ReportFilter = z.object({
  reportId: reportIdSchema.optional().openapi({ description: 'Only this plod’s edits' }),
});

/**
 * /api/late-edits: offline edits that reached the server after their report was submitted, kept
 * aside for a supervisor to merge into the report or discard, one by one or a session at a time.
 */
export function createLateEditRoutes(s: RestServices) {
  const app = resourceApp();
  addReadRoute(app, tags, {
    summary: 'Late edits waiting for a supervisor, oldest first',
    answer: jsonOk('Late edits', z.array(LateEditSchema)),
    run: () => s.lateEdits.list(),
  });
  addReadRoute(app, tags, {
    path: '/sessions',
    summary: 'Waiting edits by phone and session, each with what merging it does',
    description:
      'A session is one phone’s edits to one plod that arrived within 30 minutes of each other, oldest first.',
    answer: jsonOk('Sessions', z.array(SessionSchema)),
    run: () => s.lateEditDecisions.review(),
  });
  // One edit, or a phone's whole session: merged or discarded alike.
  for (const { base, merge, discard, what } of [
    {
      base: '/sessions/{id}',
      merge: 'mergeSession',
      discard: 'discardSession',
      what: {
        merge: 'Merge a session’s edits into their plod (it stays submitted)',
        discard: 'Discard a session’s edits (the plod is unchanged; the phone sees them undone)',
        mergeDescription: undefined,
      },
    },
    {
      base: '/{id}',
      merge: 'mergeEdit',
      discard: 'discardEdit',
      what: {
        merge: 'Merge one late edit into its report (the report stays submitted)',
        discard: 'Discard one late edit (the report is unchanged)',
        mergeDescription:
          'Earlier waiting edits of the same phone it builds on are merged with it.',
      },
    },
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/merge`,
        tags,
        summary: what.merge,
        ...(what.mergeDescription ? { description: what.mergeDescription } : {}),
        request: { params: IdParams },
        responses: { 200: jsonOk('Merged', Merged), 404: errors[404], 409: errors[409] },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const result = await s.lateEditDecisions[merge](id, actorOf(c));
        return c.json(
          { id, merged: true as const, edits: result.merged, alongside: result.alongside },
          200,
        );
      },
    );
    app.openapi(
      createRoute({
        method: 'delete',
        path: base,
        tags,
        summary: what.discard,
        request: { params: IdParams },
        responses: { 204: { description: 'Discarded' }, 404: errors[404] },
      }),
      async (c) => {
        await s.lateEditDecisions[discard](c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
  }
  for (const [path, summary, act] of [
    ['/merge-all', 'Merge every waiting session, oldest first', 'mergeAll'],
    ['/discard-all', 'Discard every waiting edit', 'discardAll'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary,
        description:
          'All plods, or one with `reportId`. Sessions that cannot be merged stay, in `failed`.',
        request: { query: ReportFilter },
        responses: { 200: jsonOk('Done', Bulk), 400: errors[400] },
      }),
      async (c) =>
        c.json(await s.lateEditDecisions[act](actorOf(c), c.req.valid('query').reportId), 200),
    );
  }
  return app;
}
