import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  consumableEntryInputSchema,
  formatCurrency,
  type Consumable,
  type ConsumableEntry,
} from '@plod/model';
import { useEffect } from 'react';

export interface ConsumableValues {
  consumableId: string;
  quantity: number | string;
  holeId: string;
  notes: string;
}

const EMPTY: ConsumableValues = { consumableId: '', quantity: '', holeId: '', notes: '' };

/** The form values of a stored entry (for Edit). */
export function consumableValues(entry: ConsumableEntry): ConsumableValues {
  return {
    consumableId: entry.consumableId,
    quantity: entry.quantity,
    holeId: entry.holeId ?? '',
    notes: entry.notes ?? '',
  };
}

/** An item as the picker offers it: "Drilling mud (bag, $24.50)". */
export function itemOption(item: Pick<Consumable, 'id' | 'name' | 'unit' | 'price'>) {
  const price = item.price === null ? '' : `, ${formatCurrency(item.price)}`;
  return { value: item.id, label: `${item.name} (${item.unit}${price})` };
}

export interface ConsumableEntryModalProps {
  opened: boolean;
  /** The site's items to pick from (an edited entry's own item is offered even if since removed). */
  items: readonly Pick<Consumable, 'id' | 'name' | 'unit' | 'price'>[];
  entry?: ConsumableValues;
  onClose: () => void;
  /** Saves; true when saved, and only then does the modal close and reset. */
  onSave: (values: ConsumableValues) => boolean;
  /** The hole being drilled: new entries are on it unless changed. */
  defaultHoleId?: string;
}

/** Add or edit a consumable used: an item of the site's list, how much, on which hole, notes. */
export function ConsumableEntryModal({
  opened,
  items,
  entry,
  onClose,
  onSave,
  defaultHoleId,
}: ConsumableEntryModalProps) {
  const editing = entry !== undefined;
  const form = useForm<ConsumableValues>({
    initialValues: entry ?? EMPTY,
    validate: schemaResolver(consumableEntryInputSchema, { sync: true }),
  });
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (!opened || editing) return;
    if (defaultHoleId && getValues().holeId === '') setFieldValue('holeId', defaultHoleId);
  }, [opened, editing, defaultHoleId, getValues, setFieldValue]);
  const unit = items.find((item) => item.id === form.getValues().consumableId)?.unit;
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: ConsumableValues) => {
    if (!onSave(values)) return;
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Consumable' : 'Add Consumable'}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Select
            label="Item"
            placeholder="From the site’s list"
            data={items.map(itemOption)}
            allowDeselect={false}
            searchable
            maxDropdownHeight={260}
            key={form.key('consumableId')}
            {...form.getInputProps('consumableId')}
          />
          <NumberInput
            label={unit ? `Quantity (${unit})` : 'Quantity'}
            min={0}
            decimalScale={2}
            inputMode="decimal"
            key={form.key('quantity')}
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label="Hole ID (Optional)"
            placeholder="e.g. DH001"
            key={form.key('holeId')}
            {...form.getInputProps('holeId')}
          />
          <Textarea
            label="Notes (Optional)"
            rows={2}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          <Group wrap="nowrap">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" style={{ flex: 1 }}>
              {editing ? 'Save Changes' : 'Add Consumable'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
