import { Group, Select, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
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
import { AddEntryForm, EditEntryModal } from '../plod/entry-forms';
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

type HireToolFormState = UseFormReturnType<HireToolValues>;

function useHireToolForm(initial: HireToolValues): HireToolFormState {
  return useForm<HireToolValues>({
    initialValues: initial,
    validate: schemaResolver(hireToolUsageInputSchema, { sync: true }),
  });
}

/** The fields of a hire-tool row and its live cost, shared by Add and Edit. */
function HireToolFields({
  form,
  library,
}: {
  form: HireToolFormState;
  library: readonly HireTool[];
}) {
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

export interface HireToolFormProps {
  /** The site's hire-tool library; empty means the tool name is typed. */
  library: readonly HireTool[];
  onAdd: (input: HireToolUsageInput) => boolean;
  onCancel: () => void;
}

/** Add Hire Tool, inline above the list. */
export function HireToolForm({ library, onAdd, onCancel }: HireToolFormProps) {
  const form = useHireToolForm(HIRE_TOOL_DEFAULTS);
  return (
    <AddEntryForm
      title="Add Hire Tool"
      form={form}
      schema={hireToolUsageInputSchema}
      onAdd={onAdd}
      onCancel={onCancel}
    >
      <HireToolFields form={form} library={library} />
    </AddEntryForm>
  );
}

export interface HireToolEditModalProps {
  row: HireToolUsageRow;
  library: readonly HireTool[];
  /** Saves the row as the form now reads (the caller writes only what changed). */
  onSave: (before: HireToolUsageInput, after: HireToolUsageInput) => boolean;
  onClose: () => void;
}

/** Edit Hire Tool: the row's values, saved with Save Changes. */
export function HireToolEditModal({ row, library, onSave, onClose }: HireToolEditModalProps) {
  const initial = hireToolValues(row);
  const form = useHireToolForm(initial);
  return (
    <EditEntryModal
      title="Edit Hire Tool"
      form={form}
      schema={hireToolUsageInputSchema}
      initial={initial}
      onSave={onSave}
      onClose={onClose}
    >
      <HireToolFields form={form} library={library} />
    </EditEntryModal>
  );
}
