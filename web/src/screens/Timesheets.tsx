import { Button, Group, Loader, Text } from '@mantine/core';
import {
  addTimesheetEntry,
  removeTimesheetEntry,
  updateTimesheetEntry,
  validateTimesheet,
} from '@plod/model';
import type { TimesheetEntry } from '@plod/model';
import { useConnection } from '../sync';
import { changedFields } from './plod/changes';
import { holeColumn, notesColumn, timeColumns, timeSpan } from './plod/columns';
import { EntryList, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { label } from './plod/labels';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReportView } from './plod/useReport';
import { Warnings } from './plod/Warnings';
import {
  TimeEntryModal,
  timeEntryValues,
  toTimesheetInput,
  type TimeEntryValues,
} from './timesheets/TimeEntryModal';
import { TimesheetHeader } from './timesheets/TimesheetHeader';
import { activeHole } from '../reports/active-hole';
import { nextEntryStart } from './timesheets/next-entry';

const COLUMNS: Column<TimesheetEntry>[] = [
  holeColumn(),
  { header: 'Activity', cell: (e) => label(e.activity) },
  ...timeColumns(),
  notesColumn(),
];

const EDITABLE = ['holeId', 'activity', 'startTime', 'endTime', 'notes'] as const;

/** Names a row: '10:00 PM - 2:00 AM Drilling'. */
const describeEntry = (e: TimesheetEntry) => `${timeSpan(e)} ${label(e.activity)}`;

export default function Timesheets() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, loading, readOnly } = useReportView(docName);
  const { syncNow, enabled } = useConnection();
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    { add: addTimesheetEntry, update: updateTimesheetEntry, remove: removeTimesheetEntry },
    { noun: 'time entry', describe: describeEntry },
  );
  // After two phones' entries merge, the day can pass 12 h: show it, never drop rows.
  // Judged on the loaded document only, with the totals it speaks of.
  const warnings = loading ? [] : validateTimesheet(report.timesheet);

  const onEdit = (entry: TimesheetEntry, values: TimeEntryValues) => {
    const before = toTimesheetInput(timeEntryValues(entry));
    const patch = changedFields(before, toTimesheetInput(values), EDITABLE);
    // A failure is most likely the entry removed on another phone meanwhile.
    return onSave(entry, patch);
  };

  return (
    <>
      <TimesheetHeader
        backTo={path()}
        totals={loading ? undefined : report.totals}
        locked={readOnly}
      />
      <PlodBar />
      <Warnings messages={warnings} title="Check the timesheet" testId="timesheet-warning" />
      <Group mb="md" wrap="nowrap">
        {!readOnly && (
          <Button onClick={() => setAdding(true)} style={{ flex: 1 }}>
            Add Time Entry
          </Button>
        )}
        <Button variant="default" onClick={syncNow} disabled={!enabled}>
          Sync
        </Button>
      </Group>
      {loading ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
          <Text>Loading timesheet data...</Text>
        </Group>
      ) : (
        <EntryList
          columns={COLUMNS}
          rows={report.timesheet}
          actions={actions}
          // On a phone's card the times and their hours read as one line.
          cardOrder={['Start', 'End', 'Hours']}
          testId="timesheet-table"
          emptyTitle="No time entries recorded"
          emptyHint="Add your first time entry to start tracking hours"
        />
      )}
      <TimeEntryModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSave={(values) => onAdd(toTimesheetInput(values))}
        defaultHoleId={activeHole(report)?.holeId}
        defaultStartTime={nextEntryStart(report)}
      />
      {editing && (
        <TimeEntryModal
          key={editing.id}
          opened
          entry={timeEntryValues(editing)}
          onClose={() => setEditing(null)}
          onSave={(values) => onEdit(editing, values)}
        />
      )}
    </>
  );
}
