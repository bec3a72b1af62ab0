import { Alert, Text } from '@mantine/core';
import {
  DOWNTIME_GROUP_LABELS,
  downtimeCodeCopy,
  downtimePart,
  findOverlaps,
  formatHours,
  overlapMessage,
  shiftHoursLine,
  siteDowntimeCodes,
  timeLabel,
  timedEntries,
  type DowntimeCode,
  type DowntimeEntry,
} from '@plod/model';
import { ScreenHeader } from '../components/ScreenHeader';
import { activeHole } from '../reports/active-hole';
import {
  DowntimeEntryModal,
  downtimeValues,
  type DowntimeValues,
} from './downtime/DowntimeEntryModal';
import { changedFields } from './plod/changes';
import { AddButton, EntryList, orDash, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReportView } from './plod/useReport';
import { useSetup } from './report-common/useReport';

const COLUMNS: Column<DowntimeEntry>[] = [
  { header: 'Code', cell: (d) => d.codeName, wide: true },
  { header: 'Group', cell: (d) => DOWNTIME_GROUP_LABELS[d.codeGroup] },
  { header: 'Charged', cell: (d) => (d.chargeable ? 'Yes' : 'No') },
  { header: 'Start', cell: (d) => timeLabel(d.startTime) },
  { header: 'End', cell: (d) => timeLabel(d.endTime) },
  { header: 'Hours', cell: (d) => formatHours(d.hours) },
  { header: 'Hole ID', cell: (d) => orDash(d.holeId) },
  { header: 'Notes', cell: (d) => orDash(d.notes), wide: true },
];

const EDITABLE = ['codeId', 'startTime', 'endTime', 'holeId', 'notes'] as const;

/** Names a row: '11:30 PM - 1:00 AM Client standby'. */
const describeEntry = (d: DowntimeEntry) =>
  `${timeLabel(d.startTime)} - ${timeLabel(d.endTime)} ${d.codeName}`;

/** The entry's values as the model takes them, with a copy of the code picked. */
function toInput(values: DowntimeValues, code: DowntimeCode | undefined) {
  return {
    ...values,
    ...(code ? downtimeCodeCopy(code) : {}),
  };
}

export default function Downtime() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, loading, readOnly } = useReportView(docName);
  const setup = useSetup();
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    downtimePart,
    { noun: 'downtime', describe: describeEntry },
  );
  const codes = siteDowntimeCodes(setup.downtimeCodes, report.shift.siteId);
  const codeOf = (id: string) => codes.find((c) => c.id === id);
  // Entries overlapping each other or the timesheet: shown, never changed.
  const overlaps = loading
    ? []
    : findOverlaps(timedEntries(report.timesheet, report.downtime)).map(overlapMessage);

  const onEdit = (entry: DowntimeEntry, values: DowntimeValues) => {
    const patch = changedFields(downtimeValues(entry), values, EDITABLE);
    const code = patch.codeId === undefined ? undefined : codeOf(patch.codeId);
    return onSave(entry, { ...patch, ...(code ? downtimeCodeCopy(code) : {}) });
  };
  // An edited entry's own code stays offered when the site's list no longer holds it.
  const editCodes =
    editing && !codeOf(editing.codeId)
      ? [
          ...codes,
          {
            id: editing.codeId,
            name: editing.codeName,
            group: editing.codeGroup,
            chargeable: editing.chargeable,
          },
        ]
      : codes;

  return (
    <>
      <ScreenHeader
        title="Downtime"
        backTo={path()}
        subtitle={
          loading ? undefined : (
            <Text fw={600} data-testid="shift-hours-line">
              {shiftHoursLine(report.totals.shiftHours)}
            </Text>
          )
        }
      />
      <PlodBar />
      {overlaps.map((message) => (
        <Alert
          key={message}
          color="red"
          variant="light"
          title="Check the times"
          mb="md"
          data-testid="downtime-overlap"
        >
          {message}
        </Alert>
      ))}
      <AddButton readOnly={readOnly} label="Add Downtime" onClick={() => setAdding(true)} />
      <EntryList
        columns={COLUMNS}
        rows={report.downtime}
        actions={actions}
        cardOrder={['Start', 'End', 'Hours']}
        testId="downtime-table"
        emptyTitle="No downtime recorded"
        emptyHint="Record why the rig stood: waiting, breakdown, weather, client standby"
      />
      <DowntimeEntryModal
        opened={adding}
        codes={codes}
        onClose={() => setAdding(false)}
        onSave={(values) => onAdd(toInput(values, codeOf(values.codeId)))}
        defaultHoleId={activeHole(report)?.holeId}
      />
      {editing && (
        <DowntimeEntryModal
          key={editing.id}
          opened
          codes={editCodes}
          entry={downtimeValues(editing)}
          onClose={() => setEditing(null)}
          onSave={(values) => onEdit(editing, values)}
        />
      )}
    </>
  );
}
