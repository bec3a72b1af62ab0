import {
  SETUP_DOC_NAME,
  formatCurrency,
  hireToolUsagePart,
  readSetup,
  type HireToolUsageRow,
} from '@plod/model';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot } from '../sync';
import { HireToolEditModal, HireToolForm } from './hire-tools/HireToolForm';
import { changedFields } from './plod/changes';
import { EntryList, InlineAdd, orDash, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { PlodBar } from './plod/PlodBar';
import { MissingLists, useListMissing } from './report-common/MissingLists';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';

const TITLE = 'Hire Tools';

const COLUMNS: Column<HireToolUsageRow>[] = [
  { header: 'Tool', cell: (t) => t.toolName },
  { header: 'Qty', cell: (t) => String(t.quantity) },
  { header: 'Hours', cell: (t) => String(t.hours) },
  { header: 'Rate/Hr', cell: (t) => formatCurrency(t.ratePerHour) },
  { header: 'Total Cost', cell: (t) => formatCurrency(t.totalCost) },
  { header: 'Notes', cell: (t) => orDash(t.notes), wide: true },
];

const EDITABLE = ['toolName', 'quantity', 'hours', 'ratePerHour', 'notes'] as const;

export default function HireTools() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  const listsMissing = useListMissing(SETUP_DOC_NAME, setup.schemaVersion > 0);
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    hireToolUsagePart,
    { noun: 'hire tool', describe: (t: HireToolUsageRow) => `${t.toolName} x${t.quantity}` },
  );
  const siteId = report.shift.siteId;
  const library = setup.hireTools.filter((t) => t.siteId === siteId);
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <StatRow
        stats={[
          { label: 'Tools', value: String(report.hireTools.length), testId: 'tool-count' },
          {
            label: 'Total Cost',
            value: formatCurrency(report.totals.hireToolCost),
            testId: 'hire-total-cost',
          },
        ]}
      />
      <PlodBar />
      {!readOnly && listsMissing && <MissingLists what="Hire tool lists" />}
      <InlineAdd
        readOnly={readOnly}
        adding={adding}
        label="Add Hire Tool"
        onOpen={() => setAdding(true)}
        form={<HireToolForm library={library} onAdd={onAdd} onCancel={() => setAdding(false)} />}
      />
      <EntryList
        columns={COLUMNS}
        rows={report.hireTools}
        actions={actions}
        testId="hire-tools-table"
        emptyTitle="No hire tools recorded yet"
      />
      {editing && (
        <HireToolEditModal
          key={editing.id}
          row={editing}
          library={library}
          onSave={(before, after) => onSave(editing, changedFields(before, after, EDITABLE))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
