import { z } from 'zod';
import {
  crewAssignmentInputSchema,
  crewAssignmentUpdateSchema,
} from '../crew-assignment/crew-assignment.ts';
import { crewMemberCreateSchema, crewMemberUpdateSchema } from '../crew-member/crew-member.ts';
import { consumableCreateSchema, consumableUpdateSchema } from '../consumable/consumable.ts';
import { downtimeCodeCreateSchema, downtimeCodeUpdateSchema } from '../downtime/downtime.ts';
import { hireToolCreateSchema, hireToolUpdateSchema } from '../hire-tool/hire-tool.ts';
import { holeConfigInputSchema, holeIdBodySchema } from '../hole/hole.ts';
import { rigCreateSchema, rigUpdateSchema } from '../rig/rig.ts';
import { runSheetEntryBodySchema, runsBodySchema } from '../run/run.ts';
import {
  shiftSummaryCreateSchema,
  shiftSummaryUpdateSchema,
} from '../shift-summary/shift-summary.ts';
import { siteCreateSchema, siteUpdateSchema } from '../site/site.ts';
import { surveyEntryInputSchema } from '../survey/survey.ts';
import { timesheetEntryInputSchema, timesheetEntryPatchSchema } from '../timesheet/timesheet.ts';
import { surveyEntryPatchSchema } from '../survey/survey.ts';
import { runPatchSchema } from '../run/run-doc.ts';
import {
  azimuth,
  cleanupDays,
  count,
  depth,
  dip,
  hours,
  label,
  MAX_SHIFT_HOURS,
  rate,
  strictBody,
  strictName,
  strictNumber,
} from '../strict/strict.ts';

const name = strictName.nullish();
const optionalDepth = depth.nullish();

/** Shift details, overrides and names of a report (create and change). */
const reportRules = {
  siteName: name,
  rigName: name,
  level: name,
  operator: name,
  totalDepthDrilled: optionalDepth,
  hoursWorked: hours.nullish(),
  holesCompleted: count().nullish(),
};
const timesheetRules = { holeId: name };
const surveyRules = {
  holeId: name,
  depth: optionalDepth,
  azimuth: azimuth.nullish(),
  dip: dip.nullish(),
  magneticTotal: strictNumber({ min: 0, max: 1_000_000, int: true }).nullish(),
  operator: name,
};
const toolRules = {
  toolName: name,
  name: name,
  ratePerHour: rate.nullish(),
};
const downtimeCodeRules = {
  name,
  chargeable: z.boolean({ error: 'must be true or false' }).nullish(),
};
const consumableRules = { name, unit: name, price: rate.nullish() };
const rigRules = { rigName: name, rigNumber: label.nullish() };
const memberRules = { memberName: name, experience: label.nullish() };
const holeRules = {
  holeId: name,
  dip: dip.nullish(),
  azimuth: azimuth.nullish(),
  targetDepth: optionalDepth,
  constantStickUp: optionalDepth,
  barrelType: name,
};
const runRules = {
  holeId: name,
  stickUp: optionalDepth,
  barrelType: name,
  rodsCount: count().nullish(),
  recoveredLength: optionalDepth,
};
const siteRules = { siteName: name, autoCleanupDays: cleanupDays.optional() };
/** A person's break or travel: a JSON number (the model says when it is negative or too long). */
const personHours = strictNumber({ min: -MAX_SHIFT_HOURS, max: MAX_SHIFT_HOURS }).nullish();
const assignmentRules = {
  crewMemberName: name,
  breakHours: personHours,
  travelHours: personHours,
  hoursNotes: name,
};

/**
 * The request body schema of every SPEC section 7 call that takes one, keyed by method and path, so the
 * REST layer validates with `safeParse` (400 with the issues) and docs can list them in one place.
 * Each is strict about the JSON as sent (see strict.ts) before the model's schema shapes it. The
 * parts made with definePart carry their own (`createBody`, `patchBody`: model/src/parts).
 */
export const REQUEST_BODIES = {
  'POST /api/timesheet-entries': strictBody(timesheetRules, timesheetEntryInputSchema),
  'PUT /api/timesheet-entries/{id}': strictBody(timesheetRules, timesheetEntryPatchSchema),
  'POST /api/run-sheet-entries': strictBody(runRules, runSheetEntryBodySchema),
  'PUT /api/run-sheet-entries/{id}': strictBody(runRules, runPatchSchema),
  'POST /api/hole-ids': strictBody(holeRules, holeIdBodySchema),
  'POST /api/hole-config': strictBody(holeRules, holeConfigInputSchema),
  'POST /api/runs': strictBody(runRules, runsBodySchema),
  'POST /api/shift-summaries': strictBody(reportRules, shiftSummaryCreateSchema),
  'PUT /api/shift-summaries/{id}': strictBody(reportRules, shiftSummaryUpdateSchema),
  'PATCH /api/shift-summaries/{id}': strictBody(reportRules, shiftSummaryUpdateSchema),
  'POST /api/crew-assignments': strictBody(assignmentRules, crewAssignmentInputSchema),
  'PUT /api/crew-assignments/{id}': strictBody(assignmentRules, crewAssignmentUpdateSchema),
  'POST /api/survey-entries': strictBody(surveyRules, surveyEntryInputSchema),
  'PUT /api/survey-entries/{id}': strictBody(surveyRules, surveyEntryPatchSchema),
  'POST /api/hire-tools-library': strictBody(toolRules, hireToolCreateSchema),
  'PUT /api/hire-tools-library/{id}': strictBody(toolRules, hireToolUpdateSchema),
  'POST /api/downtime-codes': strictBody(downtimeCodeRules, downtimeCodeCreateSchema),
  'PUT /api/downtime-codes/{id}': strictBody(downtimeCodeRules, downtimeCodeUpdateSchema),
  'POST /api/consumables': strictBody(consumableRules, consumableCreateSchema),
  'PUT /api/consumables/{id}': strictBody(consumableRules, consumableUpdateSchema),
  'POST /api/sites': strictBody(siteRules, siteCreateSchema),
  'PUT /api/sites/{id}': strictBody(siteRules, siteUpdateSchema),
  'POST /api/site-config': strictBody(siteRules, siteCreateSchema),
  'POST /api/rigs': strictBody(rigRules, rigCreateSchema),
  'PUT /api/rigs/{id}': strictBody(rigRules, rigUpdateSchema),
  'POST /api/crew-members': strictBody(memberRules, crewMemberCreateSchema),
  'PUT /api/crew-members/{id}': strictBody(memberRules, crewMemberUpdateSchema),
} as const satisfies Record<string, z.ZodType>;

export type RequestBodyRoute = keyof typeof REQUEST_BODIES;
/** The parsed body type of a route. */
export type RequestBody<R extends RequestBodyRoute> = z.infer<(typeof REQUEST_BODIES)[R]>;
