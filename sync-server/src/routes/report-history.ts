import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ACTOR_KINDS, HISTORY_GROUPS, HISTORY_SECTIONS } from '@plod/model';
import { principalOf } from '../auth/principal.ts';
import { reportIdOf } from '../services/documents.ts';
import { IdParams, errors, jsonOk } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { reportHistory } from '../services/history.ts';

const Digest = z
  .object({ digest: z.string(), length: z.number().int(), preview: z.string() })
  .openapi('HistoryDigest', { description: 'A long value, kept as a fingerprint and its start' });
const Value = z
  .union([z.string(), z.number(), z.boolean(), z.null(), Digest])
  .openapi('HistoryValue');
const Fields = z.record(z.string(), Value).openapi('HistoryFields');

const HistoryEntrySchema = z
  .object({
    id: z.string().openapi({ description: '`{recordId}/{n}`' }),
    recordId: z.string().openapi({ description: 'The changes one save made together share it' }),
    at: z.string().openapi({ description: "ISO time by the writing device's clock" }),
    actor: z
      .object({
        kind: z.enum(ACTOR_KINDS),
        name: z.string(),
        deviceId: z.string().nullable(),
        deviceName: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'Who made the change; null when nobody was named' }),
    note: z.string().nullable().openapi({ description: 'e.g. "Merged a late edit from Phone 12"' }),
    section: z.enum(HISTORY_SECTIONS),
    group: z.enum(HISTORY_GROUPS),
    entryId: z
      .string()
      .nullable()
      .openapi({ description: 'The entry row; null for report fields' }),
    field: z
      .string()
      .nullable()
      .openapi({ description: 'null when a whole row was added or removed' }),
    kind: z.enum(['add', 'change', 'remove']),
    old: z.union([Value, Fields]),
    new: z.union([Value, Fields]),
    parents: z.array(z.string()).openapi({
      description: "Records of the same field's changes the writing device had seen last",
    }),
    text: z.string().openapi({ example: 'Total depth 10.5 → 12.5 m' }),
  })
  .openapi('HistoryEntry');

const ConflictSchema = z
  .object({
    section: z.enum(HISTORY_SECTIONS),
    entryId: z.string().nullable(),
    field: z.string(),
    label: z.string().openapi({ example: 'Total depth' }),
    changeIds: z.array(z.string()).openapi({
      description: 'The latest changes of the field, made apart (neither saw the other)',
    }),
  })
  .openapi('FieldConflict');

const RemovalSchema = z
  .object({
    section: z.enum(HISTORY_SECTIONS),
    entryId: z.string(),
    removalId: z.string().openapi({ description: 'The change that removed the row' }),
    changeIds: z.array(z.string()).openapi({
      description:
        "Changes of the row's fields made apart from its removal (neither saw the other)",
    }),
  })
  .openapi('RemovalConflict');

const ReportHistorySchema = z
  .object({
    reportId: z.string(),
    entries: z.array(HistoryEntrySchema),
    conflicts: z.array(ConflictSchema),
    removals: z.array(RemovalSchema),
  })
  .openapi('ReportHistory');

/** GET /api/shift-summaries/{id}/history: who changed what and when, old -> new. */
export function addReportHistoryRoute(app: OpenAPIHono, s: RestServices) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history',
      tags: ['Shift summaries'],
      summary: "The report's change history, oldest first, and fields changed apart",
      description:
        'Every recorded change: who (person and device), when, and old -> new. Changes made through ' +
        'this API name the signed-in supervisor or the device; changes made on phones name what the ' +
        'phone said (see the security model). `conflicts` lists fields whose latest changes were ' +
        "made by devices that had not seen each other's change, to different values; `removals` " +
        'lists rows removed on one device while another changed them.',
      request: { params: IdParams },
      responses: {
        200: jsonOk('The history', ReportHistorySchema),
        404: errors[404],
      },
    }),
    async (c) =>
      c.json(
        await reportHistory(
          s.docs,
          s.reports.names,
          principalOf(c),
          reportIdOf(c.req.valid('param').id),
        ),
        200,
      ),
  );
}
