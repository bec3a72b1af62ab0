import { Alert } from '@mantine/core';
import {
  consumableCopy,
  consumableCost,
  consumableEntriesPart,
  formatCurrency,
  siteConsumables,
  type ConsumableEntry,
} from '@plod/model';
import { activeHole } from '../reports/active-hole';
import { ConsumableEntryModal, consumableValues } from './consumables/ConsumableEntryModal';
import { holeColumn, notesColumn } from './plod/columns';
import { AddButton, EntryList, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { PlodBar } from './plod/PlodBar';
import { usePlod } from './plod/plod-context';
import { PlodScreenHeader } from './plod/PlodScreenHeader';
import { siteListModals } from './plod/site-list-entry';
import { useReportView } from './plod/useReport';
import { useSetup } from './report-common/useReport';

const COLUMNS: Column<ConsumableEntry>[] = [
  { header: 'Item', cell: (c) => c.itemName },
  { header: 'Quantity', cell: (c) => `${c.quantity} ${c.unit}` },
  holeColumn(),
  {
    header: 'Cost',
    cell: (c) => {
      const cost = consumableCost(c);
      return cost === null ? '—' : formatCurrency(cost);
    },
  },
  notesColumn(),
];

const EDITABLE = ['consumableId', 'quantity', 'holeId', 'notes'] as const;

/** Names a row: '3 bag Drilling mud'. */
const describeEntry = (c: ConsumableEntry) => `${c.quantity} ${c.unit} ${c.itemName}`;

export default function Consumables() {
  const { docName } = usePlod();
  const { report, loading, readOnly } = useReportView(docName);
  const setup = useSetup();
  const entries = useEntryPart(docName, readOnly, consumableEntriesPart, {
    noun: 'consumable',
    describe: describeEntry,
    addFailure: 'Failed to add the consumable',
  });
  const items = siteConsumables(setup.consumables, report.shift.siteId);
  const modals = siteListModals(entries, {
    items,
    copy: consumableCopy,
    picked: (values) => values.consumableId,
    own: (c) => ({ id: c.consumableId, name: c.itemName, unit: c.unit, price: c.unitPrice }),
    values: consumableValues,
    editable: EDITABLE,
    defaultHoleId: activeHole(report)?.holeId,
  });

  return (
    <>
      <PlodScreenHeader title="Consumables" loading={loading} testId="consumables-count">
        {report.consumables.length === 1
          ? '1 item used'
          : `${report.consumables.length} items used`}
      </PlodScreenHeader>
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
        onClick={() => entries.setAdding(true)}
        disabled={items.length === 0}
      />
      <EntryList
        columns={COLUMNS}
        rows={report.consumables}
        actions={entries.actions}
        cardOrder={['Item', 'Quantity', 'Cost', 'Hole ID']}
        testId="consumables-table"
        emptyTitle="No consumables recorded"
        emptyHint="Record what went down the hole: mud, additives, grease, core trays"
      />
      <ConsumableEntryModal {...modals.add} />
      {entries.editing && (
        <ConsumableEntryModal key={entries.editing.id} {...modals.edit(entries.editing)} />
      )}
    </>
  );
}
