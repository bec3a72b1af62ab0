import { Alert, Button, Card, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addRun,
  formatDepth,
  formatPercent,
  holeProgress,
  nextRunContext,
  previewNextRun,
  remainingDepth,
  type ReportHole,
  type RunInput,
} from '@plod/model';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { useMutation } from '../sync';
import { canEditPlod, useEditor } from './plod/access';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { useReport } from './report-common/useReport';
import { RunForm, RunPreviewCard, type RunPreview } from './run-sheets/RunForm';
import { NearTargetAlert } from './run-sheets/NearTargetAlert';

const TITLE = 'Add New Run';

export default function AddRun() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { docName, report, loading, newerSchema } = useReport(id);
  const [params] = useSearchParams();
  const wanted = report.holes.find((h) => h.holeId === params.get('holeId'));
  // The hole Run Sheets shows, else the latest active one.
  const hole = wanted ?? report.holes.filter((h) => h.status === 'ACTIVE').at(-1);
  const editable = canEditPlod(report.status, useEditor()) && !newerSchema;
  const active = hole && hole.status === 'ACTIVE' ? hole : null;
  const back = path('run-sheets', hole ? `holeId=${encodeURIComponent(hole.holeId)}` : '');
  return (
    <>
      <ScreenHeader title={TITLE} backTo={back} backLabel="Back to Run Sheets" />
      <PlodBar />
      {loading ? (
        <Loader />
      ) : !editable ? (
        <Button component={Link} to={back} variant="light">
          Back to Run Sheets
        </Button>
      ) : active ? (
        <AddRunForm docName={docName} hole={active} back={back} />
      ) : (
        <Alert color="yellow" title="No Active Hole" data-testid="no-active-hole">
          <Stack gap="sm">
            <Text size="md">Set up or continue a hole on Run Sheets first.</Text>
            <Button component={Link} to={back}>
              Back to Run Sheets
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

function CalculationPreview({ preview, hole }: { preview: RunPreview | null; hole: ReportHole }) {
  return (
    <RunPreviewCard title="Calculation Preview" testId="calculation-preview">
      {preview && (
        <>
          <Text size="md">Depth to drill: {formatDepth(preview.length)} m</Text>
          <Text size="md">New total depth: {formatDepth(preview.toDepth)} m</Text>
          <Text size="md">
            Progress: {formatPercent(holeProgress(preview.toDepth, hole.targetDepth))}
          </Text>
          <Text size="md">
            Remaining: {formatDepth(remainingDepth(preview.toDepth, hole.targetDepth))} m
          </Text>
        </>
      )}
    </RunPreviewCard>
  );
}

function AddRunForm({ docName, hole, back }: { docName: string; hole: ReportHole; back: string }) {
  const navigate = useNavigate();
  const save = useMutation(docName, addRun);
  const runNumber = hole.startRunNumber + hole.runs.length;
  const submit = (input: RunInput): boolean => {
    try {
      // No "Run Added" toast: Run Sheets, where this goes, shows the new run.
      save(hole.holeId, input);
      void navigate(back);
      return true;
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add run' });
      return false;
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
        <NearTargetAlert hole={hole} />
        <RunForm
          style="add-run"
          context={nextRunContext(hole.runs, hole)}
          targetDepth={hole.targetDepth}
          preview={(input) => previewNextRun(hole.runs, hole, input)}
          renderPreview={(preview) => <CalculationPreview preview={preview} hole={hole} />}
          submitLabel="Add Run"
          pendingLabel="Adding Run..."
          onSubmit={submit}
        />
      </Stack>
    </Card>
  );
}
