import {
  Alert,
  Button,
  Card,
  Loader,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addRun,
  canAddRun,
  formatDepth,
  formatPercent,
  holeProgress,
  nextRunContext,
  previewNextRun,
  remainingDepth,
  runInputSchema,
  type ReportHole,
} from '@plod/model';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PresenceBar } from '../components/PresenceBar';
import { ScreenHeader } from '../components/ScreenHeader';
import { useMutation } from '../sync';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReport } from './report-common/useReport';

const TITLE = 'Add New Run';

export default function AddRun() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { docName, report, loading } = useReport(id);
  const [params] = useSearchParams();
  const wanted = report.holes.find((h) => h.holeId === params.get('holeId'));
  // The hole Run Sheets shows, else the latest active one.
  const hole = wanted ?? report.holes.filter((h) => h.status === 'ACTIVE').at(-1);
  const active = hole && hole.status === 'ACTIVE' && report.status === 'active' ? hole : null;
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path('run-sheets')} backLabel="Back to Run Sheets" />
      <PresenceBar docName={docName} screen={TITLE} />
      {loading ? (
        <Loader />
      ) : active ? (
        <AddRunForm docName={docName} hole={active} />
      ) : (
        <Alert color="yellow" title="No Active Hole" data-testid="no-active-hole">
          <Stack gap="sm">
            <Text size="md">Set up or continue a hole on Run Sheets first.</Text>
            <Button component={Link} to={path('run-sheets')}>
              Back to Run Sheets
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

function AddRunForm({ docName, hole }: { docName: string; hole: ReportHole }) {
  const navigate = useNavigate();
  const path = usePlodPath();
  const save = useMutation(docName, addRun);
  const [rodAdded, setRodAdded] = useState(true);
  const [stickUp, setStickUp] = useState('');
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState(false);
  const context = nextRunContext(hole.runs, hole);
  const parsed = runInputSchema.safeParse({ style: 'add-run', rodAdded, stickUp, notes });
  const input = parsed.success ? parsed.data : null;
  const preview = input ? previewNextRun(hole.runs, hole, input) : null;
  const runNumber = hole.startRunNumber + hole.runs.length;
  const submit = () => {
    if (!input) return;
    setPending(true);
    try {
      save(hole.holeId, input);
      notifications.show({
        color: 'green',
        title: 'Run Added',
        message: 'New run has been saved successfully',
      });
      void navigate(path('run-sheets', `holeId=${encodeURIComponent(hole.holeId)}`));
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add run' });
      setPending(false);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="md">
        <div>
          <Text fw={700} fz={28} data-testid="add-run-number">
            Run #{runNumber}
          </Text>
          <Text size="md">
            {hole.holeId} · {formatDepth(hole.currentDepth)} m of {formatDepth(hole.targetDepth)} m
            ({formatPercent(hole.progress)})
          </Text>
        </div>
        <Radio.Group
          label="Run Type"
          size="md"
          value={rodAdded ? 'rod' : 'no-rod'}
          onChange={(v) => setRodAdded(v === 'rod')}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="rod" label="Rod Added" size="md" />
            <Radio value="no-rod" label="No Rod Added" size="md" disabled={context.isFirstOfHole} />
          </Stack>
        </Radio.Group>
        <TextInput
          label="Stick-Up (m)"
          required
          size="md"
          inputMode="decimal"
          value={stickUp}
          onChange={(e) => setStickUp(e.currentTarget.value)}
        />
        <Textarea
          label="Notes (Optional)"
          size="md"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Card withBorder bg="gray.0" data-testid="calculation-preview">
          <Text fw={700} mb={4}>
            Calculation Preview
          </Text>
          {preview ? (
            <Stack gap={2}>
              <Text size="md">Depth to drill: {formatDepth(preview.length)} m</Text>
              <Text size="md">New total depth: {formatDepth(preview.toDepth)} m</Text>
              <Text size="md">
                Progress: {formatPercent(holeProgress(preview.toDepth, hole.targetDepth))}
              </Text>
              <Text size="md">
                Remaining: {formatDepth(remainingDepth(preview.toDepth, hole.targetDepth))} m
              </Text>
            </Stack>
          ) : (
            <Text size="md" c="dimmed">
              Enter the stick-up to see the run.
            </Text>
          )}
        </Card>
        <Button
          size="lg"
          onClick={submit}
          disabled={stickUp.trim() === '' || !input || !canAddRun(input, context) || pending}
        >
          {pending ? 'Adding Run...' : 'Add Run'}
        </Button>
      </Stack>
    </Card>
  );
}
