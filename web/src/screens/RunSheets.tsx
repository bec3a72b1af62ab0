import { Alert, Button, Loader, SimpleGrid, Stack } from '@mantine/core';
import { HOLES_DOC_NAME, plodRecoveryTotal, type DerivedRun, type ReportId } from '@plod/model';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../components/ConfirmModal';
import { canEditPlod, useEditor } from './plod/access';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { MissingLists, useListMissing } from './report-common/MissingLists';
import { useHoleRegister } from './report-common/useReport';
import { AddRunModal } from './run-sheets/AddRunModal';
import { ContinueHoleModal } from './run-sheets/ContinueHoleModal';
import { EditRunModal } from './run-sheets/EditRunModal';
import { HoleStatusCard } from './run-sheets/HoleStatusCard';
import { NewHoleForm } from './run-sheets/NewHoleForm';
import { RunSheetsHeader } from './run-sheets/RunSheetsHeader';
import { RunsEmptyState } from './run-sheets/RunsEmptyState';
import { RunsTable } from './run-sheets/RunsTable';
import { SetupConflicts } from './run-sheets/SetupConflicts';
import { useRunSheet } from './run-sheets/useRunSheet';

export default function RunSheets() {
  const { id } = usePlod();
  const path = usePlodPath();
  return <RunSheetsScreen reportId={id} backTo={path()} />;
}

type Dialog = 'add-run' | 'continue' | null;

function RunSheetsScreen(props: { reportId: ReportId; backTo: string }) {
  const sheet = useRunSheet(props.reportId);
  const path = usePlodPath();
  const { hole, report } = sheet;
  const [newHole, setNewHole] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<DerivedRun | null>(null);
  const { ask, modal: confirmModal } = useConfirm();
  const readOnly = !canEditPlod(report.status, useEditor()) || sheet.newerSchema;
  const register = useHoleRegister();
  const holesMissing = useListMissing(HOLES_DOC_NAME, register.length > 0);
  // SPEC: the new-hole form is where run sheets start; it comes back with Start New Hole.
  const showForm = !readOnly && (newHole || (!sheet.loading && report.holes.length === 0));
  const active = hole?.status === 'ACTIVE';
  const continueModal = (
    <ContinueHoleModal
      opened={dialog === 'continue'}
      candidates={sheet.candidates}
      onClose={() => setDialog(null)}
      onContinue={(candidate) => {
        if (sheet.continueHole(candidate)) {
          setDialog(null);
          setNewHole(false);
        }
      }}
    />
  );

  const askDelete = (run: DerivedRun) =>
    ask({
      title: `Delete run ${run.runNumber}?`,
      message: `Run ${run.runNumber} (${run.length.toFixed(1)} m) will be removed. Later runs move up the hole and keep their lengths.`,
      confirmLabel: 'Delete Run',
      onConfirm: () => {
        sheet.deleteRun(run.id);
      },
    });

  return (
    <>
      <RunSheetsHeader
        backTo={props.backTo}
        holeId={hole?.holeId ?? null}
        thisHoleMetres={hole?.drilledThisShift ?? 0}
        shiftTotalMetres={report.totals.metresDrilled}
      />
      <PlodBar />
      {continueModal}
      {confirmModal}
      {!readOnly && holesMissing && <MissingLists what="Hole lists" />}
      {sheet.loading ? (
        <Loader />
      ) : showForm ? (
        <NewHoleForm
          suggestedHoleId={sheet.suggestedHoleId}
          candidates={sheet.candidates}
          registeredIds={sheet.registeredIds}
          onCancel={report.holes.length > 0 ? () => setNewHole(false) : undefined}
          onOpenContinue={() => setDialog('continue')}
          onContinue={(candidate) => {
            if (sheet.continueHole(candidate)) setNewHole(false);
          }}
          onStart={(config) => {
            const error = sheet.startHole(config);
            if (!error) setNewHole(false);
            return error;
          }}
        />
      ) : (
        <Stack gap="md">
          {!readOnly && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              {hole && active && (
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
          {hole && (
            <SetupConflicts
              conflicts={hole.conflicts}
              onChoose={
                readOnly
                  ? undefined
                  : (setting, value) => sheet.chooseSetting(hole.holeId, setting, value)
              }
            />
          )}
          {hole && (
            <HoleStatusCard
              hole={hole}
              plodRecovery={report.holes.length > 1 ? plodRecoveryTotal(report.holes) : undefined}
            />
          )}
          {hole && active && !readOnly && (
            <Button
              component={Link}
              to={path('add-run', `holeId=${encodeURIComponent(hole.holeId)}`)}
              variant="subtle"
              size="md"
            >
              Open the Add New Run screen
            </Button>
          )}
          {hole &&
            (hole.runs.length === 0 ? (
              <RunsEmptyState hole={hole} readOnly={readOnly} />
            ) : (
              <RunsTable
                runs={hole.runs}
                onEdit={readOnly ? undefined : setEditing}
                onDelete={readOnly ? undefined : askDelete}
              />
            ))}
          {hole && (
            <AddRunModal
              hole={hole}
              opened={dialog === 'add-run'}
              onClose={() => setDialog(null)}
              onAdd={sheet.addRun}
            />
          )}
          {hole && (
            <EditRunModal
              hole={hole}
              run={editing}
              onClose={() => setEditing(null)}
              onSave={(patch) => (editing ? sheet.editRun(editing.id, patch) : false)}
            />
          )}
        </Stack>
      )}
    </>
  );
}
