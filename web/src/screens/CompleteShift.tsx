import { Button, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { setReportNotes, setStatus } from '@plod/model';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { useMutation } from '../sync';
import { countFacts, shiftFacts } from './complete-shift/summaryFacts';
import { FactList } from './plod/FactList';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReportView } from './plod/useReport';

const TITLE = 'Complete Shift Summary';

export default function CompleteShift() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const saveNotes = useMutation(docName, setReportNotes);
  const changeStatus = useMutation(docName, setStatus);
  const navigate = useNavigate();
  // A draft of the notes; the document changes only on Complete Shift & Save.
  const [notes, setNotes] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const shown = notes ?? report.notes ?? '';

  const complete = () => {
    setCompleting(true);
    try {
      saveNotes(shown);
      // setStatus stamps completedAt the first time the shift closes.
      changeStatus('completed');
      notifications.show({
        color: 'green',
        title: 'Shift Completed',
        message: 'Shift saved as completed',
      });
      void navigate(path('shift-completion'));
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to complete shift' });
      setCompleting(false);
    }
  };

  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <PlodBar />
      <Stack gap="md">
        <FactList title="Shift" facts={shiftFacts(report)} testId="shift-facts" />
        <FactList title="Recorded" facts={countFacts(report)} testId="count-facts" />
        <Textarea
          label="Shift Notes"

          rows={3}
          value={shown}
          onChange={(e) => setNotes(e.currentTarget.value)}
          readOnly={readOnly}
        />
        {!readOnly && (
          <Button size="xl" onClick={complete} disabled={completing}>
            {completing ? 'Completing Shift...' : 'Complete Shift & Save'}
          </Button>
        )}
      </Stack>
    </>
  );
}
