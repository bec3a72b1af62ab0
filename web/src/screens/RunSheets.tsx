import { Alert, Button, Loader, SimpleGrid, Stack } from '@mantine/core';
import type { ReportId } from '@plod/model';
import { useState } from 'react';
import { PresenceBar } from '../components/PresenceBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { AddRunModal } from './run-sheets/AddRunModal';
import { ContinueHoleModal } from './run-sheets/ContinueHoleModal';
import { HoleStatusCard } from './run-sheets/HoleStatusCard';
import { NewHoleForm } from './run-sheets/NewHoleForm';
import { RunSheetsHeader } from './run-sheets/RunSheetsHeader';
import { RunsTable } from './run-sheets/RunsTable';
import { useRunSheet } from './run-sheets/useRunSheet';

const TITLE = 'Run Sheets';

export default function RunSheets() {
  const { id } = usePlod();
  const path = usePlodPath();
  return <RunSheetsScreen reportId={id} backTo={path()} />;
}

type Dialog = 'add-run' | 'continue' | null;

function RunSheetsScreen({ reportId, backTo }: { reportId: ReportId; backTo: string }) {
  const sheet = useRunSheet(reportId);
  const { hole, report } = sheet;
  const [newHole, setNewHole] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const readOnly = report.status !== 'active';
  // SPEC: the new-hole form is where run sheets start; it comes back with Start New Hole.
  const showForm = !readOnly && (newHole || (!sheet.loading && report.holes.length === 0));

  return (
    <>
      <RunSheetsHeader
        backTo={backTo}
        holeId={hole?.holeId ?? null}
        thisHoleMetres={hole?.drilledThisShift ?? 0}
        shiftTotalMetres={report.totals.metresDrilled}
      />
      <PresenceBar docName={sheet.docName} screen={TITLE} />
      {sheet.loading ? (
        <Loader />
      ) : showForm ? (
        <NewHoleForm
          suggestedHoleId={sheet.suggestedHoleId}
          error={startError}
          onCancel={report.holes.length > 0 ? () => setNewHole(false) : undefined}
          onStart={(config) => {
            const error = sheet.startHole(config);
            setStartError(error);
            if (!error) setNewHole(false);
          }}
        />
      ) : (
        <Stack gap="md">
          {!readOnly && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              {hole && hole.status === 'ACTIVE' && (
                <Button size="lg" onClick={() => setDialog('add-run')}>
                  Add New Run
                </Button>
              )}
              <Button size="lg" variant="light" onClick={() => setNewHole(true)}>
                Start New Hole
              </Button>
              <Button size="lg" variant="default" onClick={() => setDialog('continue')}>
                Continue Previous Hole
              </Button>
            </SimpleGrid>
          )}
          {hole?.status === 'COMPLETE' && (
            <Alert
              color="green"
              variant="filled"
              title="Hole Complete!"
              data-testid="hole-complete"
            >
              {hole.holeId} reached its target depth. Start a new hole or continue another.
            </Alert>
          )}
          {hole && <HoleStatusCard hole={hole} />}
          {hole && <RunsTable runs={hole.runs} />}
          {hole && (
            <AddRunModal
              hole={hole}
              opened={dialog === 'add-run'}
              onClose={() => setDialog(null)}
              onAdd={sheet.addRun}
            />
          )}
          <ContinueHoleModal
            opened={dialog === 'continue'}
            candidates={sheet.candidates}
            onClose={() => setDialog(null)}
            onContinue={(candidate) => {
              if (sheet.continueHole(candidate)) setDialog(null);
            }}
          />
        </Stack>
      )}
    </>
  );
}
