import type { z } from 'zod';
import {
  crewAssignmentInputSchema,
  crewAssignmentUpdateSchema,
} from '../crew-assignment/crew-assignment.ts';
import { crewMemberCreateSchema, crewMemberUpdateSchema } from '../crew-member/crew-member.ts';
import {
  hireToolCreateSchema,
  hireToolUpdateSchema,
  hireToolUsageInputSchema,
} from '../hire-tool/hire-tool.ts';
import { holeConfigInputSchema, holeIdBodySchema } from '../hole/hole.ts';
import { maintenanceEntryInputSchema } from '../maintenance/maintenance.ts';
import { rigCreateSchema, rigUpdateSchema } from '../rig/rig.ts';
import { runSheetEntryBodySchema, runsBodySchema } from '../run/run.ts';
import {
  shiftSummaryCreateSchema,
  shiftSummaryUpdateSchema,
} from '../shift-summary/shift-summary.ts';
import { siteCreateSchema, siteUpdateSchema } from '../site/site.ts';
import { surveyEntryInputSchema } from '../survey/survey.ts';
import { timesheetEntryInputSchema } from '../timesheet/timesheet.ts';

/**
 * The request body schema of every SPEC section 7 call that takes one, keyed by method and path, so the
 * REST layer validates with `safeParse` (400 with the issues) and docs can list them in one place.
 */
export const REQUEST_BODIES = {
  'POST /api/timesheet-entries': timesheetEntryInputSchema,
  'POST /api/run-sheet-entries': runSheetEntryBodySchema,
  'POST /api/hole-ids': holeIdBodySchema,
  'POST /api/hole-config': holeConfigInputSchema,
  'POST /api/runs': runsBodySchema,
  'POST /api/shift-summaries': shiftSummaryCreateSchema,
  'PUT /api/shift-summaries/{id}': shiftSummaryUpdateSchema,
  'PATCH /api/shift-summaries/{id}': shiftSummaryUpdateSchema,
  'POST /api/crew-assignments': crewAssignmentInputSchema,
  'PUT /api/crew-assignments/{id}': crewAssignmentUpdateSchema,
  'POST /api/maintenance-entries': maintenanceEntryInputSchema,
  'POST /api/survey-entries': surveyEntryInputSchema,
  'POST /api/hire-tools-usage': hireToolUsageInputSchema,
  'POST /api/hire-tools-library': hireToolCreateSchema,
  'PUT /api/hire-tools-library/{id}': hireToolUpdateSchema,
  'POST /api/sites': siteCreateSchema,
  'PUT /api/sites/{id}': siteUpdateSchema,
  'POST /api/site-config': siteCreateSchema,
  'POST /api/rigs': rigCreateSchema,
  'PUT /api/rigs/{id}': rigUpdateSchema,
  'POST /api/crew-members': crewMemberCreateSchema,
  'PUT /api/crew-members/{id}': crewMemberUpdateSchema,
} as const satisfies Record<string, z.ZodType>;

export type RequestBodyRoute = keyof typeof REQUEST_BODIES;
/** The parsed body type of a route. */
export type RequestBody<R extends RequestBodyRoute> = z.infer<(typeof REQUEST_BODIES)[R]>;
