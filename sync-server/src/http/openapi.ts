import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { reportIdSchema } from '@plod/model';
import { zodMessage } from './errors.ts';

/** A resource sub-app whose validation failures answer 400 `{ message, issues }`. */
export function resourceApp(): OpenAPIHono {
  return new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ message: zodMessage(result.error), issues: result.error.issues }, 400);
      }
      return undefined;
    },
  });
}

export const ErrorSchema = z
  .object({ message: z.string(), issues: z.array(z.unknown()).optional() })
  .openapi('Error');

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The error answers every route may give. */
export const errors = {
  400: errorResponse('Bad input: `{ message, issues }`'),
  404: errorResponse('Unknown id: `{ message }`'),
  409: errorResponse('Refused by a business rule: `{ message }`'),
  413: errorResponse('Body larger than the limit'),
} as const;

/** A JSON response. Bodies are documented loosely: their fields are the SPEC section 3 entities. */
export function jsonOk(description: string, schema: ZodType = z.unknown()) {
  return { description, content: { 'application/json': { schema } } };
}

export function csvOk(description: string) {
  return { description, content: { 'text/csv': { schema: z.string() } } };
}

/** A required JSON body checked with one of model/'s schemas. */
export function jsonBody<S extends ZodType>(schema: S) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

const pathParam = (name: string) =>
  z
    .string()
    .openapi({ param: { name, in: 'path' }, example: '0190a1b2-0000-7000-8000-000000000000' });

export const IdParams = z.object({ id: pathParam('id') });
// Named `id` too: OpenAPI treats /x/{shiftId} and /x/{id} as one path, so GET by report shares the name.
export const ShiftIdParams = z.object({
  id: pathParam('id').openapi({ description: 'The shift summary (report) id' }),
});

/** Report-scoped writes may name their report in the query instead of the body. */
export const ReportQuery = z.object({
  shiftSummaryId: reportIdSchema.optional().openapi({
    param: { name: 'shiftSummaryId', in: 'query' },
    description: 'The shift report this entry belongs to (or `shiftSummaryId` in the body)',
  }),
});

/** Adds an optional `shiftSummaryId` to a model body schema (the model schemas drop unknown keys). */
export function withReportId<S extends ZodType>(schema: S) {
  return z.intersection(schema, z.object({ shiftSummaryId: reportIdSchema.optional() }));
}
