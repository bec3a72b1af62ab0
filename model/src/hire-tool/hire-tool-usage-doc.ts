import { z } from 'zod';
import type { HireToolUsageId } from '../ids/ids.ts';
import { HireToolUsageIds } from '../ids/ids.ts';
import {
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
} from '../constants/constants.ts';
import { entryCollection } from '../docs/collection.ts';
import { reportMap } from '../report-doc/keys.ts';
import { mutateReport } from '../report-doc/mutate.ts';
import type { HireToolUsage } from './hire-tool.ts';
import { hireToolCost, hireToolUsageInputSchema, hireToolUsagePatchSchema } from './hire-tool.ts';
import { lenient } from '../docs/lenient.ts';

const storedSchema = z.object({
  toolName: lenient(z.string(), ''),
  quantity: lenient(z.number(), DEFAULT_HIRE_TOOL_QUANTITY),
  hours: lenient(z.number(), DEFAULT_HIRE_TOOL_HOURS),
  ratePerHour: lenient(z.number(), DEFAULT_HIRE_TOOL_RATE),
  notes: lenient(z.string().nullable(), null),
});

/** A hire-tool row with its derived cost. */
export interface HireToolUsageRow extends HireToolUsage {
  totalCost: number;
}

const usage = entryCollection({
  map: (doc) => reportMap(doc, 'hireTools'),
  transact: mutateReport,
  what: 'Hire tool usage',
  newId: () => HireToolUsageIds.create(),
  read: (id: HireToolUsageId, raw): HireToolUsageRow => {
    const stored = { id, ...storedSchema.parse(raw) };
    return { ...stored, totalCost: hireToolCost(stored) };
  },
  inputSchema: hireToolUsageInputSchema,
  patchSchema: hireToolUsagePatchSchema,
  toFields: ({ totalCost: _derived, ...input }) => input,
  patchFields: (patch) => patch,
});

/** Record a hire tool used on this shift (cost is derived). */
export const addHireToolUsage = usage.add;
/** Edit a hire-tool row. */
export const updateHireToolUsage = usage.update;
/** Remove a hire-tool row. */
export const removeHireToolUsage = usage.remove;
/** The hire-tool rows with their costs. */
export const readHireToolUsage = usage.read;
