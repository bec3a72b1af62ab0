import { Group, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  EQUIPMENT_TYPES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TIME_STEP,
  MAINTENANCE_TYPES,
  componentChoices,
  maintenanceEntryInputSchema,
  type EquipmentType,
  type MaintenanceEntry,
  type MaintenanceEntryInput,
} from '@plod/model';
import type { EntryKind } from '../plod/entry-forms';
import { NumberField } from '../plod/NumberField';
import { CodeSelect } from '../plod/ChoiceSelect';

export interface MaintenanceValues {
  equipmentType: EquipmentType;
  componentType: string;
  maintenanceType: string;
  description: string;
  timeSpent: number | string;
  partsUsed: string;
  status: string;
  notes: string;
}

// SPEC 9 defaults: rig, hydraulics, preventive, completed, 0 hours.
export const MAINTENANCE_DEFAULTS: MaintenanceValues = {
  equipmentType: 'rig',
  componentType: componentChoices('rig')[0] ?? 'hydraulics',
  maintenanceType: 'preventive',
  description: '',
  timeSpent: 0,
  partsUsed: '',
  status: 'completed',
  notes: '',
};

/** The form values of a stored task (for Edit). */
export function maintenanceValues(entry: MaintenanceEntry): MaintenanceValues {
  return {
    equipmentType: entry.equipmentType,
    componentType: entry.componentType,
    maintenanceType: entry.maintenanceType,
    description: entry.description,
    timeSpent: entry.timeSpent,
    partsUsed: entry.partsUsed ?? '',
    status: entry.status,
    notes: entry.notes ?? '',
  };
}

/** The fields of a maintenance task, shared by Add and Edit. */
function MaintenanceFields({ form }: { form: UseFormReturnType<MaintenanceValues> }) {
  const values = form.getValues();
  return (
    <>
      <Group grow align="flex-start">
        <CodeSelect form={form} field="equipmentType" label="Equipment" codes={EQUIPMENT_TYPES} />
        <CodeSelect
          form={form}
          field="componentType"
          label="Component"
          codes={componentChoices(values.equipmentType)}
        />
      </Group>
      <Group grow align="flex-start">
        <CodeSelect form={form} field="maintenanceType" label="Type" codes={MAINTENANCE_TYPES} />
        <CodeSelect form={form} field="status" label="Status" codes={MAINTENANCE_STATUSES} />
      </Group>
      <Textarea
        label="Description"
        placeholder="What was done"
        rows={2}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start">
        <NumberField
          label="Time Spent (hours)"
          step={MAINTENANCE_TIME_STEP}
          min={0}
          decimalScale={1}
          inputMode="decimal"
          {...form.getInputProps('timeSpent')}
        />
        <TextInput label="Parts Used" {...form.getInputProps('partsUsed')} />
      </Group>
      <Textarea label="Notes" rows={1} {...form.getInputProps('notes')} />
    </>
  );
}

/** A maintenance task: its fields, for Add Maintenance Task and Edit Maintenance Task. */
export const MAINTENANCE_TASK: EntryKind<MaintenanceValues, MaintenanceEntryInput, object> = {
  noun: 'Maintenance Task',
  addLabel: 'Add Task',
  schema: maintenanceEntryInputSchema,
  Fields: MaintenanceFields,
  onValuesChange: (values, previous, form) => {
    // Component choices depend on the equipment: switching equipment picks its first component.
    if (values.equipmentType !== previous.equipmentType) {
      form.setFieldValue('componentType', componentChoices(values.equipmentType)[0] ?? '');
    }
  },
  incomplete: (values) => values.description.trim() === '',
};
