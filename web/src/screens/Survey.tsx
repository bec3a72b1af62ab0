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
import { useDocSnapshot } from '../sync';
import { notesColumn } from './plod/columns';
import { orDash, type Column } from './plod/DataTable';
import { useEntryPart } from './plod/entry-rows';
import { label } from './plod/labels';
import { InlineEntryScreen } from './plod/InlineEntryScreen';
import { usePlod } from './plod/plod-context';
import { useReportView } from './plod/useReport';
import { SURVEY_POINT, newSurveyValues, surveyValues } from './survey/SurveyForm';
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
  notesColumn(),
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
  const { report, readOnly } = useReportView(docName);
  const register = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  // The plod's holes and the register's drilled holes of its site: no example holes.
  const holes = realHoleIds(report.holes, register, marks, report.shift.siteId);
  const entries = useEntryPart(
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
    <InlineEntryScreen
      title={TITLE}
      stats={[
        { label: count === 1 ? 'Point' : 'Points', value: String(count), testId: 'point-count' },
        {
          label: 'Avg Depth',
          value: `${formatDepth(report.totals.averageSurveyDepth)} m`,
          testId: 'average-depth',
        },
      ]}
      readOnly={readOnly}
      entries={entries}
      kind={SURVEY_POINT}
      fields={{ holes }}
      initial={newSurveyValues(holes, activeHole(report)?.holeId)}
      values={surveyValues}
      editable={EDITABLE}
      list={{
        columns: COLUMNS,
        rows: report.survey,
        testId: 'survey-table',
        emptyTitle: 'No survey points recorded yet',
      }}
    />
  );
}
