import { z } from '@hono/zod-openapi';
import { PLOD_FILTER_PARAMS, parsePlodFilter } from '@plod/model';
import type { PlodFilter, PlodFilterParam } from '@plod/model';

const text = (description: string) => z.string().optional().openapi({ description });

/** The filter's query parameters as documented; `plodFilterOf` reads them. */
export const PlodFilterParams = {
  from: text('Shift date on or after (YYYY-MM-DD, a day that exists)'),
  to: text('Shift date on or before (YYYY-MM-DD, not before `from`)'),
  siteId: text('Plods of this site'),
  rigId: text('Plods of this rig'),
  driller: text(
    'Plods whose operator (the primary driller, or the name typed over it) is this name, any case',
  ),
  status: text(
    'Any of these statuses, comma-separated: active, completed, sent, approved, returned, deleted',
  ),
};

/**
 * Checks the filter parameters strictly (model `parsePlodFilter`): each refused one is an issue at
 * its own path, so the request answers 400 `{ message, issues }` naming it.
 */
export function checkPlodFilter(
  query: Partial<Record<PlodFilterParam, string | undefined>>,
  ctx: z.RefinementCtx,
): void {
  const { errors } = parsePlodFilter((name) => query[name]);
  for (const name of PLOD_FILTER_PARAMS) {
    const message = errors[name];
    if (message) ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** The filter of a query already checked with `checkPlodFilter`. */
export function plodFilterOf(
  query: Partial<Record<PlodFilterParam, string | undefined>>,
): PlodFilter {
  return parsePlodFilter((name) => query[name]).filter;
}

/** A range of shift dates and, optionally, a site (the missing-shifts list, a pay period). */
export const RangeParams = {
  from: PlodFilterParams.from,
  to: PlodFilterParams.to,
  siteId: PlodFilterParams.siteId,
};

/**
 * Checks a range query: both days are required (`message` at each missing one), then the filter's
 * own checks (`checkPlodFilter`).
 */
export function checkRange(message: string) {
  return (query: { from?: string; to?: string; siteId?: string }, ctx: z.RefinementCtx): void => {
    for (const name of ['from', 'to'] as const) {
      if (!query[name]) ctx.addIssue({ code: 'custom', path: [name], message });
    }
    checkPlodFilter(query, ctx);
  };
}

/** A query of the filter's parameters alone (exports). */
export const PlodFilterQuery = z.object(PlodFilterParams).superRefine(checkPlodFilter);
