import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MISSING_SHIFT_DATA_MESSAGE,
  canSubmitReport,
  formatDepth,
  reportSummary,
  setStatus,
  shiftTypeLabel,
  signOffReport,
  validateReport,
  type SignOffInput,
  type SurveyEntry,
} from '@plod/model';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { getDeviceName } from '../session/device-name';
import { useMutation } from '../sync';
import { EntryList, type Column } from './plod/DataTable';
import { FactList } from './plod/FactList';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';
import { crewLines, peopleHoursLines } from './shift-completion/crewLines';
import { SignOffForm } from './shift-completion/SignOffForm';

const TITLE = 'Shift Completion';

const SURVEY_COLUMNS: Column<SurveyEntry>[] = [
  { header: 'Depth', cell: (s) => `${formatDepth(s.depth)} m` },
  { header: 'Azimuth', cell: (s) => `${s.azimuth}°` },
  { header: 'Dip', cell: (s) => `${s.dip}°` },
  {
    header: 'Mag. Reference',
    cell: (s) => (s.magneticTotal === null ? '—' : String(s.magneticTotal)),
  },
];

const or = (v: string | null | undefined) => (v && v.trim() ? v : 'Not set');

export default function ShiftCompletion() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, newerSchema } = useReportView(docName);
  const canSubmit = canSubmitReport(report.status) && !newerSchema;
  const signOff = useMutation(docName, signOffReport);
  const changeStatus = useMutation(docName, setStatus);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const listed = reportSummary(report);
  const completed = report.holes.filter((h) => h.status === 'COMPLETE').length;

  const hasShiftData = () => {
    if (validateReport(report).shift.length === 0) return true;
    notifications.show({
      color: 'red',
      title: 'Missing Shift Data',
      message: MISSING_SHIFT_DATA_MESSAGE,
    });
    return false;
  };

  const submit = (input: SignOffInput) => {
    if (!hasShiftData()) return;
    setSubmitting(true);
    try {
      signOff(input);
      // Who submitted, as the plod's status line says it: the signer, on this phone.
      const device = getDeviceName().trim();
      changeStatus('sent', undefined, device ? `${input.signedBy} (${device})` : input.signedBy);
      notifications.show({
        color: 'green',
        title: 'Shift Report Submitted',
        message: 'Your shift report has been sent to management',
      });
      void navigate('/');
    } catch {
      notifications.show({
        color: 'red',
        title: 'Submission Failed',
        message: 'Failed to submit shift report. Please try again.',
      });
      setSubmitting(false);
    }
  };

  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} backLabel="Back to Dashboard" />
      <PlodBar />
      <Stack gap="md">
        <StatRow
          stats={[
            { label: 'Total Holes', value: String(report.holes.length), testId: 'total-holes' },
            { label: 'Completed', value: String(completed) },
            { label: 'Active', value: String(report.holes.length - completed) },
            {
              label: 'Total Depth',
              value: `${formatDepth(report.summary.totalDepthDrilled)} m`,
              testId: 'total-depth',
            },
          ]}
        />
        <FactList
          title="Shift Details"
          facts={[
            { label: 'Site', value: or(listed.site) },
            { label: 'Level', value: or(report.shift.level) },
            { label: 'Rig', value: or(listed.rig) },
            {
              label: 'Shift Type',
              value: report.shift.shiftType ? shiftTypeLabel(report.shift.shiftType) : 'Not set',
            },
          ]}
        />
        <FactList title="Crew Assignment" facts={crewLines(report.crew)} testId="crew-lines" />
        {report.crew.length > 0 && (
          <FactList
            title="People's Hours"
            facts={peopleHoursLines(report.crew)}
            testId="people-hours"
          />
        )}
        <section aria-label="Survey Data Summary">
          <Title order={2} fz={20} mb="sm">
            Survey Data Summary
          </Title>
          <EntryList
            columns={SURVEY_COLUMNS}
            rows={report.survey}
            compact
            testId="survey-summary"
            emptyTitle="No survey points recorded yet"
          />
        </section>
        {canSubmit && (
          <SignOffForm
            // Re-seed the signer's name once the primary driller is known (document still arriving).
            key={report.summary.operator ?? ''}
            defaultName={report.summary.operator ?? ''}
            submitting={submitting}
            disabled={false}
            onSubmit={submit}
            canSubmit={hasShiftData}
          />
        )}
      </Stack>
    </>
  );
}
