import { Alert, Text } from '@mantine/core';
import {
  consumableCopy,
  consumableCost,
  consumableEntriesPart,
  formatCurrency,
  siteConsumables,
  type Consumable,
  type ConsumableEntry,
} from '@plod/model';
import { ScreenHeader } from '../components/ScreenHeader';
import { activeHole } from '../reports/active-hole';
import {
  ConsumableEntryModal,
  consumableValues,
  type ConsumableValues,
} from './consumables/ConsumableEntryModal';
import { changedFields } from './plod/changes';
import { AddButton, EntryList, orDash, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReportView } from './plod/useReport';
import { useSetup } from './report-common/useReport';

const COLUMNS: Column<ConsumableEntry>[] = [
  { header: 'Item', cell: (c) => c.itemName },
  { header: 'Quantity', cell: (c) => `${c.quantity} ${c.unit}` },
  { header: 'Hole ID', cell: (c) => orDash(c.holeId) },
  {
    header: 'Cost',
    cell: (c) => {
      const cost = consumableCost(c);
      return cost === null ? '—' : formatCurrency(cost);
    },
  },
  { header: 'Notes', cell: (c) => orDash(c.notes), wide: true },
];

const EDITABLE = ['consumableId', 'quantity', 'holeId', 'notes'] as const;

/** Names a row: '3 bag Drilling mud'. */
const describeEntry = (c: ConsumableEntry) => `${c.quantity} ${c.unit} ${c.itemName}`;

/** The entry's values as the model takes them, with a copy of the item picked. */
function toInput(values: ConsumableValues, item: Consumable | undefined) {
  return { ...values, ...(item ? consumableCopy(item) : {}) };
}

export default function Consumables() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, loading, readOnly } = useReportView(docName);
  const setup = useSetup();
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    consumableEntriesPart,
    { noun: 'consumable', describe: describeEntry, addFailure: 'Failed to add the consumable' },
  );
  const items = siteConsumables(setup.consumables, report.shift.siteId);
  const itemOf = (id: string) => items.find((c) => c.id === id);

  const onEdit = (entry: ConsumableEntry, values: ConsumableValues) => {
    const patch = changedFields(consumableValues(entry), values, EDITABLE);
    const item = patch.consumableId === undefined ? undefined : itemOf(patch.consumableId);
    return onSave(entry, { ...patch, ...(item ? consumableCopy(item) : {}) });
  };
  // An edited entry's own item stays offered when the site's list no longer holds it.
  const editItems =
    editing && !itemOf(editing.consumableId)
      ? [
          ...items,
          {
            id: editing.consumableId,
            name: editing.itemName,
            unit: editing.unit,
            price: editing.unitPrice,
          },
        ]
      : items;

  return (
    <>
      <ScreenHeader
        title="Consumables"
        backTo={path()}
        subtitle={
          loading ? undefined : (
            <Text fw={600} data-testid="consumables-count">
              {report.consumables.length === 1
                ? '1 item used'
                : `${report.consumables.length} items used`}
            </Text>
          )
        }
      />
      <PlodBar />
      {!loading && !readOnly && items.length === 0 && (
        <Alert color="yellow" variant="light" title="No consumables list" mb="md">
          {report.shift.siteId
            ? 'This site has no consumables list yet: ask your supervisor to add one in Site Setup.'
            : 'Choose the site in Shift Details first: its consumables list is offered here.'}
        </Alert>
      )}
      <AddButton
        readOnly={readOnly}
        label="Add Consumable"
        onClick={() => setAdding(true)}
        disabled={items.length === 0}
      />
      <EntryList
        columns={COLUMNS}
        rows={report.consumables}
        actions={actions}
        cardOrder={['Item', 'Quantity', 'Cost', 'Hole ID']}
        testId="consumables-table"
        emptyTitle="No consumables recorded"
        emptyHint="Record what went down the hole: mud, additives, grease, core trays"
      />
      <ConsumableEntryModal
        opened={adding}
        items={items}
        onClose={() => setAdding(false)}
        onSave={(values) => onAdd(toInput(values, itemOf(values.consumableId)))}
        defaultHoleId={activeHole(report)?.holeId}
      />
      {editing && (
        <ConsumableEntryModal
          key={editing.id}
          opened
          items={editItems}
          entry={consumableValues(editing)}
          onClose={() => setEditing(null)}
          onSave={(values) => onEdit(editing, values)}
        />
      )}
    </>
  );
}
