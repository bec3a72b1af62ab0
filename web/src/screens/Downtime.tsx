import {
  DOWNTIME_GROUP_LABELS,
  downtimeCodeCopy,
  downtimePart,
  findOverlaps,
  overlapMessage,
  shiftHoursLine,
  siteDowntimeCodes,
  timedEntries,
  type DowntimeEntry,
} from '@plod/model';
import { activeHole } from '../reports/active-hole';
import { DowntimeEntryModal, downtimeValues } from './downtime/DowntimeEntryModal';
import { holeColumn, notesColumn, timeColumns, timeSpan } from './plod/columns';
import { AddButton, EntryList, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { PlodBar } from './plod/PlodBar';
import { usePlod } from './plod/plod-context';
import { PlodScreenHeader } from './plod/PlodScreenHeader';
import { siteListModals } from './plod/site-list-entry';
import { useReportView } from './plod/useReport';
import { Warnings } from './plod/Warnings';
import { useSetup } from './report-common/useReport';

const COLUMNS: Column<DowntimeEntry>[] = [
  { header: 'Code', cell: (d) => d.codeName, wide: true },
  { header: 'Group', cell: (d) => DOWNTIME_GROUP_LABELS[d.codeGroup] },
  { header: 'Charged', cell: (d) => (d.chargeable ? 'Yes' : 'No') },
  ...timeColumns(),
  holeColumn(),
  notesColumn(),
];

const EDITABLE = ['codeId', 'startTime', 'endTime', 'holeId', 'notes'] as const;

/** Names a row: '11:30 PM - 1:00 AM Client standby'. */
const describeEntry = (d: DowntimeEntry) => `${timeSpan(d)} ${d.codeName}`;

export default function Downtime() {
  const { docName } = usePlod();
  const { report, loading, readOnly } = useReportView(docName);
  const setup = useSetup();
  const entries = useEntryPart(docName, readOnly, downtimePart, {
    noun: 'downtime',
    describe: describeEntry,
  });
  const modals = siteListModals(entries, {
    items: siteDowntimeCodes(setup.downtimeCodes, report.shift.siteId),
    copy: downtimeCodeCopy,
    picked: (values) => values.codeId,
    own: (d) => ({ id: d.codeId, name: d.codeName, group: d.codeGroup, chargeable: d.chargeable }),
    values: downtimeValues,
    editable: EDITABLE,
    defaultHoleId: activeHole(report)?.holeId,
  });
  // Entries overlapping each other or the timesheet: shown, never changed.
  const overlaps = loading
    ? []
    : findOverlaps(timedEntries(report.timesheet, report.downtime)).map(overlapMessage);

  return (
    <>
      <PlodScreenHeader title="Downtime" loading={loading} testId="shift-hours-line">
        {shiftHoursLine(report.totals.shiftHours)}
      </PlodScreenHeader>
      <PlodBar />
      <Warnings messages={overlaps} title="Check the times" testId="downtime-overlap" />
      <AddButton readOnly={readOnly} label="Add Downtime" onClick={() => entries.setAdding(true)} />
      <EntryList
        columns={COLUMNS}
        rows={report.downtime}
        actions={entries.actions}
        cardOrder={['Start', 'End', 'Hours']}
        testId="downtime-table"
        emptyTitle="No downtime recorded"
        emptyHint="Record why the rig stood: waiting, breakdown, weather, client standby"
      />
      <DowntimeEntryModal {...modals.add} />
      {entries.editing && (
        <DowntimeEntryModal key={entries.editing.id} {...modals.edit(entries.editing)} />
      )}
    </>
  );
}
