import { Group, Select, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
  HIRE_TOOL_HOURS_STEP,
  HIRE_TOOL_RATE_STEP,
  formatCurrency,
  hireToolCost,
  hireToolUsageInputSchema,
  toNumberOr,
  type HireTool,
  type HireToolUsageInput,
  type HireToolUsageRow,
} from '@plod/model';
import type { EntryKind } from '../plod/entry-forms';
import { NumberField } from '../plod/NumberField';

export interface HireToolValues {
  toolName: string;
  quantity: number | string;
  hours: number | string;
  ratePerHour: number | string;
  notes: string;
}

// SPEC 9: quantity 1, hours 1, rate 0.
export const HIRE_TOOL_DEFAULTS: HireToolValues = {
  toolName: '',
  quantity: DEFAULT_HIRE_TOOL_QUANTITY,
  hours: DEFAULT_HIRE_TOOL_HOURS,
  ratePerHour: DEFAULT_HIRE_TOOL_RATE,
  notes: '',
};

/** The live estimate: the same rule (and rounding) the model derives the row's cost with. */
export function estimatedCost(values: HireToolValues): number {
  return hireToolCost({
    quantity: Math.max(1, toNumberOr(values.quantity, DEFAULT_HIRE_TOOL_QUANTITY)),
    hours: Math.max(0, toNumberOr(values.hours, 0)),
    ratePerHour: Math.max(0, toNumberOr(values.ratePerHour, DEFAULT_HIRE_TOOL_RATE)),
  });
}

/** The form values of a stored row (for Edit). */
export function hireToolValues(row: HireToolUsageRow): HireToolValues {
  return {
    toolName: row.toolName,
    quantity: row.quantity,
    hours: row.hours,
    ratePerHour: row.ratePerHour,
    notes: row.notes ?? '',
  };
}

/** What a hire tool's fields need besides the form. */
interface HireToolFieldsProps {
  /** The site's hire-tool library; empty means the tool name is typed. */
  library: readonly HireTool[];
}

/** The fields of a hire-tool row and its live cost, shared by Add and Edit. */
function HireToolFields({
  form,
  library,
}: HireToolFieldsProps & { form: UseFormReturnType<HireToolValues> }) {
  const values = form.getValues();
  const chooseTool = (name: string | null) => {
    form.setFieldValue('toolName', name ?? '');
    const tool = library.find((t) => t.toolName === name);
    // SPEC 5: choosing a library tool fills its rate.
    if (tool) form.setFieldValue('ratePerHour', tool.ratePerHour);
  };
  // A row may name a tool the library no longer has: it stays a choice.
  const names = [...new Set([...library.map((t) => t.toolName), values.toolName])].filter(Boolean);
  return (
    <>
      {library.length > 0 ? (
        <Select
          label="Tool"
          placeholder="Choose a tool"
          data={names}
          value={values.toolName || null}
          onChange={chooseTool}
          error={form.errors.toolName}
          searchable
        />
      ) : (
        <TextInput
          label="Tool Name"
          placeholder="e.g. Core saw"
          {...form.getInputProps('toolName')}
        />
      )}
      <Group grow align="flex-start">
        <NumberField
          label="Quantity"
          min={1}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('quantity')}
        />
        <NumberField
          label="Hours"
          min={0}
          step={HIRE_TOOL_HOURS_STEP}
          decimalScale={1}
          inputMode="decimal"
          {...form.getInputProps('hours')}
        />
        <NumberField
          label="Rate/Hr ($)"
          min={0}
          step={HIRE_TOOL_RATE_STEP}
          decimalScale={2}
          inputMode="decimal"
          {...form.getInputProps('ratePerHour')}
        />
      </Group>
      <Textarea label="Notes" rows={1} {...form.getInputProps('notes')} />
      <Text fw={700} data-testid="estimated-cost">
        Estimated cost: {formatCurrency(estimatedCost(values))}
      </Text>
    </>
  );
}

/** A hire tool used: its fields, for Add Hire Tool and Edit Hire Tool. */
export const HIRE_TOOL: EntryKind<HireToolValues, HireToolUsageInput, HireToolFieldsProps> = {
  noun: 'Hire Tool',
  schema: hireToolUsageInputSchema,
  Fields: HireToolFields,
};
