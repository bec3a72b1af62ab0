import { z } from 'zod';
import { count, hours, rate, strictName } from '../strict/strict.ts';
import {
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
} from '../constants/constants.ts';
import { lenient } from '../docs/lenient.ts';
import type { HireToolUsage, HireToolUsageId } from './hire-tool.ts';
import {
  HireToolUsageIds,
  hireToolCost,
  hireToolUsageInputSchema,
  hireToolUsagePatchSchema,
  totalHireToolCost,
} from './hire-tool.ts';
import { formatCurrency } from '../format/format.ts';
import { round } from '../part-kit/change-lines.ts';
import { hoursColumn, moneyColumn, numberColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';
import { dash } from '../part-kit/sheet-table.ts';

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

/** A row of the part in the shift report bundle (REST reads, the CSV). */
export interface BundleHireToolUsage {
  id: string;
  toolName: string;
  quantity: number;
  /** The CSV reads it as hoursUsed. */
  hours: number;
  ratePerHour: number;
  /** quantity x hours x rate. */
  totalCost: number;
  notes: string | null;
}

/** The hire tools used on a shift (cost derived, never stored): the part's descriptor. */
export const hireToolUsagePart = definePart(
  {
    root: 'hireTools',
    what: 'Hire tool usage',
    undoNoun: 'hire tool',
    history: {
      group: 'Hire tools',
      fields: { hours: { label: 'Hours', unit: 'h' }, ratePerHour: { label: 'Rate per hour' } },
      entryName: (text) => `hire tool${text('toolName') ? ` ${text('toolName')}` : ''}`,
    },
    bundleList: 'hireToolsUsage',
    csvSection: 'HIRE TOOLS USAGE',
    rest: {
      path: 'hire-tools-usage',
      tag: 'Hire tools usage',
      rules: {
        toolName: strictName.nullish(),
        quantity: count(1).nullish(),
        hours: hours.nullish(),
        ratePerHour: rate.nullish(),
      },
    },
    lateEditPart: 'hireTools',
    title: 'Hire tools',
    sectionName: 'hire-tools',
    countLabel: 'Tools Used',
    rowNoun: 'Hire tool',
  },
  {
    newId: () => HireToolUsageIds.create(),
    read: (id: HireToolUsageId, raw): HireToolUsageRow => {
      const stored = { id, ...storedSchema.parse(raw) };
      return { ...stored, totalCost: hireToolCost(stored) };
    },
    inputSchema: hireToolUsageInputSchema,
    patchSchema: hireToolUsagePatchSchema,
    toFields: ({ totalCost: _derived, ...input }) => input,
    // The row as read; the bundle lists its notes after the cost.
    bundleRow: ({ notes, ...row }: HireToolUsageRow): BundleHireToolUsage => ({ ...row, notes }),
    csvColumns: [
      textColumn('id'),
      textColumn('toolName'),
      numberColumn('quantity'),
      hoursColumn('hours', 'hoursUsed'),
      moneyColumn('ratePerHour'),
      moneyColumn('totalCost'),
      textColumn('notes'),
    ],
  },
  {
    sheet: {
      columns: [
        'Tool',
        ['Qty', 'numeric'],
        ['Hours', 'numeric'],
        ['Rate/Hr', 'numeric'],
        ['Total Cost', 'numeric'],
        'Notes',
      ],
      row: (t: HireToolUsageRow) => [
        t.toolName,
        String(t.quantity),
        String(t.hours),
        formatCurrency(t.ratePerHour),
        formatCurrency(t.totalCost),
        dash(t.notes),
      ],
      empty: 'No hire tools recorded yet',
      totals: (rows: readonly HireToolUsageRow[]) =>
        `Total cost ${formatCurrency(totalHireToolCost(rows))}`,
    },
    changes: {
      added: 'Hire tool added',
      removed: 'Hire tool removed',
      row: (t: HireToolUsageRow) => `${t.toolName} x${t.quantity}, ${round(t.hours)} h`,
      fields: ['quantity', 'hours', 'ratePerHour', 'notes'],
      prefix: (was: HireToolUsageRow) => `Hire tool ${was.toolName}: `,
    },
    totals: (rows: readonly HireToolUsageRow[]) => ({ hireToolCost: totalHireToolCost(rows) }),
  },
);

/** Record a hire tool used on this shift (cost is derived). */
export const addHireToolUsage = hireToolUsagePart.add;
/** Edit a hire-tool row. */
export const updateHireToolUsage = hireToolUsagePart.update;
/** Remove a hire-tool row. */
export const removeHireToolUsage = hireToolUsagePart.remove;
