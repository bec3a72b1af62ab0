import { Group, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
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
} from '@plod/model';
import { AddFormCard } from '../plod/AddFormCard';

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

export interface HireToolFormProps {
  /** The site's hire-tool library; empty means the tool name is typed. */
  library: readonly HireTool[];
  onAdd: (input: HireToolUsageInput) => boolean;
  onCancel: () => void;
}

export function HireToolForm({ library, onAdd, onCancel }: HireToolFormProps) {
  const form = useForm<HireToolValues>({
    initialValues: HIRE_TOOL_DEFAULTS,
    validate: schemaResolver(hireToolUsageInputSchema, { sync: true }),
  });
  const values = form.getValues();
  const submit = form.onSubmit((v) => {
    if (onAdd(hireToolUsageInputSchema.parse(v))) form.reset();
  });
  const chooseTool = (name: string | null) => {
    form.setFieldValue('toolName', name ?? '');
    const tool = library.find((t) => t.toolName === name);
    // SPEC 5: choosing a library tool fills its rate.
    if (tool) form.setFieldValue('ratePerHour', tool.ratePerHour);
  };
  return (
    <AddFormCard
      title="Add Hire Tool"
      submitLabel="Add Hire Tool"
      onSubmit={submit}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
    >
      {library.length > 0 ? (
        <Select
          label="Tool"
          placeholder="Choose a tool"
          data={[...new Set(library.map((t) => t.toolName))]}
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
        <NumberInput
          label="Quantity"
          min={1}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('quantity')}
        />
        <NumberInput
          label="Hours"
          min={0}
          step={HIRE_TOOL_HOURS_STEP}
          decimalScale={1}
          inputMode="decimal"
          {...form.getInputProps('hours')}
        />
        <NumberInput
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
    </AddFormCard>
  );
}
