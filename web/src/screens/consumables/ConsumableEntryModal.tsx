import { NumberInput, Select } from '@mantine/core';
import {
  consumableEntryInputSchema,
  formatCurrency,
  type Consumable,
  type ConsumableEntry,
} from '@plod/model';
import { EntryModal, type EntryModalProps } from '../plod/EntryModal';

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

export interface ConsumableEntryModalProps extends EntryModalProps<ConsumableValues> {
  /** The site's items to pick from (an edited entry's own item is offered even if since removed). */
  items: readonly Pick<Consumable, 'id' | 'name' | 'unit' | 'price'>[];
}

/** Add or edit a consumable used: an item of the site's list, how much, on which hole, notes. */
export function ConsumableEntryModal({ items, ...props }: ConsumableEntryModalProps) {
  return (
    <EntryModal
      {...props}
      empty={EMPTY}
      schema={consumableEntryInputSchema}
      noun="Consumable"
      fields={(form) => {
        const unit = items.find((item) => item.id === form.getValues().consumableId)?.unit;
        return (
          <>
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
          </>
        );
      }}
    />
  );
}
