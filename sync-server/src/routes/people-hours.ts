import { z } from '@hono/zod-openapi';
import { RangeParams, checkRange, plodFilterOf } from '../http/plod-filter-query.ts';
import { resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { attachment, streamedDownload } from '../http/downloads.ts';
import { addDownloadRoutes } from './route-kinds.ts';

const tags = ['People hours'];

/** Shown when a pay period's first or last day is missing. */
export const PAY_PERIOD_MESSAGE = 'Choose the first and last day of the pay period';

/** The pay period (both days required) and, optionally, one site. */
const PayPeriodQuery = z.object(RangeParams).superRefine(checkRange(PAY_PERIOD_MESSAGE));

/**
 * /api/people-hours.csv and .xlsx: people's hours for a pay period, for payroll. Supervisors only
 * (the route table keeps crews and client accounts out).
 */
export function createPeopleHoursRoutes(s: RestServices) {
  const app = resourceApp();
  addDownloadRoutes(app, tags, {
    name: 'people-hours',
    summary: 'People’s hours for a pay period',
    description: {
      csv: 'A PEOPLE HOURS section, one row per person per shift (date, shift, site, rig, plod id, person, role, start, finish, break, hours, travel, paid hours, notes), then a TOTALS PER PERSON section. Every plod but deleted ones whose shift date is in the period. Supervisors only.',
      xlsx: 'A "People hours" sheet, one row per person per shift, and a "Totals" sheet, one row per person. Every plod but deleted ones whose shift date is in the period. Supervisors only.',
    },
    query: PayPeriodQuery,
    send: async (c, query, format) => {
      const { from, to, siteId } = plodFilterOf(query);
      const filter = { from, to, siteId };
      return format === 'csv'
        ? attachment(c, await s.reports.peopleHoursCsv(filter))
        : streamedDownload(c, await s.reports.peopleHoursXlsx(filter), format);
    },
  });
  return app;
}
