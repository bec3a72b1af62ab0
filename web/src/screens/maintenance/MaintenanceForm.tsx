import { Group, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  EQUIPMENT_TYPES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TIME_STEP,
  MAINTENANCE_TYPES,
  componentChoices,
  maintenanceEntryInputSchema,
  type EquipmentType,
  type MaintenanceEntryInput,
} from '@plod/model';
import { AddFormCard } from '../plod/AddFormCard';
import { optionsOf } from '../plod/labels';

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

export interface MaintenanceFormProps {
  onAdd: (input: MaintenanceEntryInput) => boolean;
  onCancel: () => void;
}

export function MaintenanceForm({ onAdd, onCancel }: MaintenanceFormProps) {
  const form = useForm<MaintenanceValues>({
    initialValues: MAINTENANCE_DEFAULTS,
    validate: schemaResolver(maintenanceEntryInputSchema, { sync: true }),
    onValuesChange: (values, previous) => {
      // Component choices depend on the equipment: switching equipment picks its first component.
      if (values.equipmentType !== previous.equipmentType) {
        form.setFieldValue('componentType', componentChoices(values.equipmentType)[0] ?? '');
      }
    },
  });
  const values = form.getValues();
  const submit = form.onSubmit((v) => {
    if (onAdd(maintenanceEntryInputSchema.parse(v))) form.reset();
  });
  return (
    <AddFormCard
      title="Add Maintenance Task"
      submitLabel="Add Task"
      submitDisabled={values.description.trim() === ''}
      onSubmit={submit}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
    >
      <Group grow align="flex-start">
        <Select
          label="Equipment"
          data={optionsOf(EQUIPMENT_TYPES)}
          allowDeselect={false}
          {...form.getInputProps('equipmentType')}
        />
        <Select
          label="Component"
          data={optionsOf(componentChoices(values.equipmentType))}
          allowDeselect={false}
          {...form.getInputProps('componentType')}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label="Type"
          data={optionsOf(MAINTENANCE_TYPES)}
          allowDeselect={false}
          {...form.getInputProps('maintenanceType')}
        />
        <Select
          label="Status"
          data={optionsOf(MAINTENANCE_STATUSES)}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
      </Group>
      <Textarea
        label="Description"
        placeholder="What was done"

        rows={2}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start">
        <NumberInput
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
    </AddFormCard>
  );
}
