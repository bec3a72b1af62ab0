import { z } from 'zod';
import {
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
  HIRE_TOOL_HOURS_STEP,
  HIRE_TOOL_RATE_STEP,
} from '../constants/constants.ts';
import type { Brand, HireToolId, SiteId } from '../ids/ids.ts';
import { uuidKind } from '../ids/ids.ts';
import { numericField, optionalText, requiredText, roundTo } from '../format/numbers.ts';
import { siteIdSchema } from '../ids/schemas.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type HireToolUsageId = Brand<string, 'HireToolUsageId'>;
export const HireToolUsageIds = uuidKind<HireToolUsageId>('HireToolUsageId');

export const TOOL_NAME_REQUIRED = 'Tool name is required';

const rateField = numericField({
  default: DEFAULT_HIRE_TOOL_RATE,
  min: 0,
  step: HIRE_TOOL_RATE_STEP,
});

/** A tool in a site's hire-tool library (supervisor-managed). */
export interface HireTool {
  id: HireToolId;
  toolName: string;
  toolDescription: string | null;
  ratePerHour: number;
  siteId: SiteId;
}

/** POST /api/hire-tools-library; the SPEC also calls the name `name`. */
export const hireToolCreateSchema = z
  .object({
    toolName: z.string().optional(),
    name: z.string().optional(),
    toolDescription: optionalText,
    ratePerHour: rateField,
    siteId: siteIdSchema,
  })
  .transform(({ name, toolName, ...rest }) => ({
    ...rest,
    toolName: (toolName ?? name ?? '').trim(),
  }))
  .refine((tool) => tool.toolName !== '', { message: TOOL_NAME_REQUIRED, path: ['toolName'] });
export type HireToolCreate = z.infer<typeof hireToolCreateSchema>;

/** PUT /api/hire-tools-library/{id}. */
export const hireToolUpdateSchema = z.object({
  toolName: requiredText(TOOL_NAME_REQUIRED).optional(),
  toolDescription: optionalText.optional(),
  ratePerHour: rateField.optional(),
  siteId: siteIdSchema.optional(),
});
export type HireToolUpdate = z.infer<typeof hireToolUpdateSchema>;

/** A hire tool used on a shift; totalCost is derived, never stored. */
export interface HireToolUsage {
  id: HireToolUsageId;
  toolName: string;
  quantity: number;
  hours: number;
  ratePerHour: number;
  notes: string | null;
}

/** POST /api/hire-tools-usage; a sent totalCost is ignored and recomputed; hoursUsed is the CSV's name. */
export const hireToolUsageInputSchema = z.object({
  toolName: requiredText(TOOL_NAME_REQUIRED),
  quantity: numericField({ default: DEFAULT_HIRE_TOOL_QUANTITY, int: true, min: 1 }),
  hours: numericField({
    default: DEFAULT_HIRE_TOOL_HOURS,
    fallback: 0,
    min: 0,
    step: HIRE_TOOL_HOURS_STEP,
  }),
  ratePerHour: rateField,
  notes: optionalText,
  totalCost: z.unknown().optional(),
});
export type HireToolUsageInput = z.infer<typeof hireToolUsageInputSchema>;

/** Patch of a usage row. */
export const hireToolUsagePatchSchema = z.object({
  toolName: requiredText(TOOL_NAME_REQUIRED).optional(),
  quantity: hireToolUsageInputSchema.shape.quantity.optional(),
  hours: hireToolUsageInputSchema.shape.hours.optional(),
  ratePerHour: rateField.optional(),
  notes: optionalText.optional(),
});
export type HireToolUsagePatch = z.infer<typeof hireToolUsagePatchSchema>;

/** Total cost = quantity x hours x rate, in cents precision. */
export function hireToolCost(
  usage: Pick<HireToolUsage, 'quantity' | 'hours' | 'ratePerHour'>,
): number {
  return roundTo(usage.quantity * usage.hours * usage.ratePerHour, 2);
}

/** Sum of the costs of the rows. */
export function totalHireToolCost(
  rows: readonly Pick<HireToolUsage, 'quantity' | 'hours' | 'ratePerHour'>[],
): number {
  return roundTo(
    rows.reduce((sum, row) => sum + hireToolCost(row), 0),
    2,
  );
}
