import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { addSurveyEntry, formatDepth, type SurveyEntry, type SurveyEntryInput } from '@plod/model';
import { useState } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useMutation } from '../sync';
import { DataTable, EmptyText, orDash, type Column } from './plod/DataTable';
import { label } from './plod/labels';
import { ReadOnlyNotice } from './plod/ReadOnlyNotice';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';
import { SurveyForm } from './survey/SurveyForm';

const TITLE = 'Survey Data';

const COLUMNS: Column<SurveyEntry>[] = [
  { header: 'Hole ID', cell: (s) => s.holeId },
  { header: 'Depth', cell: (s) => `${formatDepth(s.depth)} m` },
  { header: 'Azimuth', cell: (s) => `${s.azimuth}°` },
  { header: 'Dip', cell: (s) => `${s.dip}°` },
  { header: 'Magnetic', cell: (s) => String(s.magneticTotal) },
  { header: 'Method', cell: (s) => label(s.method) },
  { header: 'Operator', cell: (s) => orDash(s.operator) },
  { header: 'Notes', cell: (s) => orDash(s.notes) },
];

export default function Survey() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const add = useMutation(docName, addSurveyEntry);
  const [open, setOpen] = useState(false);
  const onAdd = (input: SurveyEntryInput): boolean => {
    try {
      add(input);
      setOpen(false);
      return true;
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add survey point' });
      return false;
    }
  };
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
      {readOnly && <ReadOnlyNotice status={report.status} />}
      {!readOnly &&
        (open ? (
          <SurveyForm
            holes={report.holes.map((h) => h.holeId)}
            onAdd={onAdd}
            onCancel={() => setOpen(false)}
          />
        ) : (
          <Button fullWidth mb="md" onClick={() => setOpen(true)}>
            Add Survey Point
          </Button>
        ))}
      <DataTable
        columns={COLUMNS}
        rows={report.survey}
        rowKey={(s) => s.id}
        testId="survey-table"
        empty={<EmptyText title="No survey points recorded yet" />}
      />
    </>
  );
}
