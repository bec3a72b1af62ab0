import { createRoute, z } from '@hono/zod-openapi';
import { PlodFilterParams, checkPlodFilter, plodFilterOf } from '../http/plod-filter-query.ts';
import { errors, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { XLSX_TYPE, downloadResponse, attachment, streamedAttachment } from '../http/downloads.ts';

const tags = ['People hours'];

/** Shown when a pay period's first or last day is missing. */
export const PAY_PERIOD_MESSAGE = 'Choose the first and last day of the pay period';

/** The pay period (both days required) and, optionally, one site. */
const PayPeriodQuery = z
  .object({ from: PlodFilterParams.from, to: PlodFilterParams.to, siteId: PlodFilterParams.siteId })
  .superRefine((query, ctx) => {
    for (const name of ['from', 'to'] as const) {
      if (!query[name]) ctx.addIssue({ code: 'custom', path: [name], message: PAY_PERIOD_MESSAGE });
    }
    checkPlodFilter(query, ctx);
  });

/**
 * /api/people-hours.csv and .xlsx: people's hours for a pay period, for payroll. Supervisors only
 * (the route table keeps crews and client accounts out).
 */
export function createPeopleHoursRoutes(s: RestServices) {
  const app = resourceApp();
  for (const format of ['csv', 'xlsx'] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `/people-hours.${format}`,
        tags,
        summary: `People’s hours for a pay period as ${format.toUpperCase()}`,
        description:
          format === 'csv'
            ? 'A PEOPLE HOURS section, one row per person per shift (date, shift, site, rig, plod id, person, role, start, finish, break, hours, travel, paid hours, notes), then a TOTALS PER PERSON section. Every plod but deleted ones whose shift date is in the period. Supervisors only.'
            : 'A "People hours" sheet, one row per person per shift, and a "Totals" sheet, one row per person. Every plod but deleted ones whose shift date is in the period. Supervisors only.',
        request: { query: PayPeriodQuery },
        responses: {
          200: downloadResponse(format),
          400: errors[400],
        },
      }),
      async (c) => {
        const { from, to, siteId } = plodFilterOf(c.req.valid('query'));
        const filter = { from, to, siteId };
        return format === 'csv'
          ? attachment(c, await s.reports.peopleHoursCsv(filter))
          : streamedAttachment(c, await s.reports.peopleHoursXlsx(filter), XLSX_TYPE);
      },
    );
  }
  return app;
}
