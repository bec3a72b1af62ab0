import {
  HOLES_DOC_NAME,
  addSurveyEntry,
  formatDepth,
  readHoleProgress,
  readHoleRegister,
  removeSurveyEntry,
  updateSurveyEntry,
  type SurveyEntry,
} from '@plod/model';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot } from '../sync';
import { changedFields } from './plod/changes';
import { EntryList, InlineAdd, orDash, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { label } from './plod/labels';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';
import { SurveyEditModal, SurveyForm } from './survey/SurveyForm';
import { activeHole, realHoleIds } from '../reports/active-hole';

const TITLE = 'Survey Data';

const COLUMNS: Column<SurveyEntry>[] = [
  { header: 'Hole ID', cell: (s) => s.holeId },
  { header: 'Depth', cell: (s) => `${formatDepth(s.depth)} m` },
  { header: 'Azimuth', cell: (s) => `${s.azimuth}°` },
  { header: 'Dip', cell: (s) => `${s.dip}°` },
  { header: 'Magnetic', cell: (s) => (s.magneticTotal === null ? '—' : String(s.magneticTotal)) },
  { header: 'Method', cell: (s) => label(s.method) },
  { header: 'Operator', cell: (s) => orDash(s.operator) },
  { header: 'Notes', cell: (s) => orDash(s.notes), wide: true },
];

const EDITABLE = [
  'holeId',
  'depth',
  'azimuth',
  'dip',
  'magneticTotal',
  'method',
  'operator',
  'notes',
] as const;

export default function Survey() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const register = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  // The plod's holes and the register's drilled holes of its site: no example holes.
  const holes = realHoleIds(report.holes, register, marks, report.shift.siteId);
  const { adding, setAdding, editing, setEditing, actions, onAdd, onSave } = useEntryPart(
    docName,
    readOnly,
    { add: addSurveyEntry, update: updateSurveyEntry, remove: removeSurveyEntry },
    {
      noun: 'survey point',
      describe: (s: SurveyEntry) => `${s.holeId} at ${formatDepth(s.depth)} m`,
    },
  );
  const count = report.survey.length;
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <StatRow
        stats={[
          { label: count === 1 ? 'Point' : 'Points', value: String(count), testId: 'point-count' },
          {
            label: 'Avg Depth',
            value: `${formatDepth(report.totals.averageSurveyDepth)} m`,
            testId: 'average-depth',
          },
        ]}
      />
      <PlodBar />
      <InlineAdd
        readOnly={readOnly}
        adding={adding}
        label="Add Survey Point"
        onOpen={() => setAdding(true)}
        form={
          <SurveyForm
            holes={holes}
            defaultHoleId={activeHole(report)?.holeId}
            onAdd={onAdd}
            onCancel={() => setAdding(false)}
          />
        }
      />
      <EntryList
        columns={COLUMNS}
        rows={report.survey}
        actions={actions}
        testId="survey-table"
        emptyTitle="No survey points recorded yet"
      />
      {editing && (
        <SurveyEditModal
          key={editing.id}
          entry={editing}
          holes={holes}
          onSave={(before, after) => onSave(editing, changedFields(before, after, EDITABLE))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
