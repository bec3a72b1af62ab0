import { Badge } from '@mantine/core';
import {
  formatHours,
  isMaintenanceStatusGreen,
  maintenancePart,
  type MaintenanceEntry,
} from '@plod/model';
import { ScreenHeader } from '../../components/ScreenHeader';
import { MaintenanceEditModal, MaintenanceForm } from './MaintenanceForm';
import { changedFields } from '../plod/changes';
import { EntryList, InlineAdd, orDash, type Column } from '../plod/DataTable';
import { useEntryPart } from '../plod/entry-rows';
import { label } from '../plod/labels';
import { PlodBar } from '../plod/PlodBar';
import { usePlod, usePlodPath } from '../plod/plod-context';
import { StatRow } from '../plod/StatRow';
import { useReportView } from '../plod/useReport';

const TITLE = 'Drill Site Maintenance';

const COLUMNS: Column<MaintenanceEntry>[] = [
  { header: 'Equipment', cell: (m) => label(m.equipmentType) },
  { header: 'Component', cell: (m) => label(m.componentType) },
  { header: 'Type', cell: (m) => label(m.maintenanceType) },
  { header: 'Description', cell: (m) => m.description, wide: true },
  { header: 'Time', cell: (m) => `${formatHours(m.timeSpent)} h` },
  {
    header: 'Status',
    // SPEC 4: only completed is shown green.
    cell: (m) => {
      const color = isMaintenanceStatusGreen(m.status) ? 'green' : 'gray';
      return (
        // Never narrower than its word: a squeezed table column cut it ("IN PROGR...").
        <Badge color={color} variant="light" data-color={color} miw="max-content">
          {label(m.status)}
        </Badge>
      );
    },
  },
  { header: 'Notes', cell: (m) => orDash(m.notes), wide: true },
];

const EDITABLE = [
  'equipmentType',
  'componentType',
  'maintenanceType',
  'description',
  'timeSpent',
  'partsUsed',
  'status',
  'notes',
] as const;

export default function DrillSiteMaintenance() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    maintenancePart,
    { noun: 'maintenance task', describe: (m: MaintenanceEntry) => m.description },
  );
  const count = report.maintenance.length;
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <StatRow
        stats={[
          { label: count === 1 ? 'Task' : 'Tasks', value: String(count), testId: 'task-count' },
          {
            label: 'Total Hours',
            value: formatHours(report.totals.maintenanceHours),
            testId: 'maintenance-hours',
          },
        ]}
      />
      <PlodBar />
      <InlineAdd
        readOnly={readOnly}
        adding={adding}
        label="Add Maintenance Task"
        onOpen={() => setAdding(true)}
        form={<MaintenanceForm onAdd={onAdd} onCancel={() => setAdding(false)} />}
      />
      <EntryList
        columns={COLUMNS}
        rows={report.maintenance}
        actions={actions}
        testId="maintenance-table"
        emptyTitle="No maintenance tasks recorded yet"
      />
      {editing && (
        <MaintenanceEditModal
          key={editing.id}
          entry={editing}
          onSave={(before, after) => onSave(editing, changedFields(before, after, EDITABLE))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
