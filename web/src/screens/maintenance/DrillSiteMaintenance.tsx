import { Badge } from '@mantine/core';
import {
  formatHours,
  isMaintenanceStatusGreen,
  maintenancePart,
  type MaintenanceEntry,
} from '@plod/model';
import { MAINTENANCE_DEFAULTS, MAINTENANCE_TASK, maintenanceValues } from './MaintenanceForm';
import { notesColumn } from '../plod/columns';
import { type Column } from '../plod/DataTable';
import { useEntryPart } from '../plod/entry-rows';
import { label } from '../plod/labels';
import { InlineEntryScreen } from '../plod/InlineEntryScreen';
import { usePlod } from '../plod/plod-context';
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
  notesColumn(),
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
  const { report, readOnly } = useReportView(docName);
  const entries = useEntryPart(docName, readOnly, maintenancePart, {
    noun: 'maintenance task',
    describe: (m: MaintenanceEntry) => m.description,
  });
  const count = report.maintenance.length;
  return (
    <InlineEntryScreen
      title={TITLE}
      stats={[
        { label: count === 1 ? 'Task' : 'Tasks', value: String(count), testId: 'task-count' },
        {
          label: 'Total Hours',
          value: formatHours(report.totals.maintenanceHours),
          testId: 'maintenance-hours',
        },
      ]}
      readOnly={readOnly}
      entries={entries}
      kind={MAINTENANCE_TASK}
      fields={{}}
      initial={MAINTENANCE_DEFAULTS}
      values={maintenanceValues}
      editable={EDITABLE}
      list={{
        columns: COLUMNS,
        rows: report.maintenance,
        testId: 'maintenance-table',
        emptyTitle: 'No maintenance tasks recorded yet',
      }}
    />
  );
}
