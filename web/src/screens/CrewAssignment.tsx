import { Alert, Button, Text } from '@mantine/core';
import {
  CREW_MESSAGES,
  SETUP_DOC_NAME,
  SHIFT_RECHECK_INTERVAL_MS,
  assignCrewMember,
  availableCrewMembers,
  formatClock,
  isModelError,
  isShiftSetUp,
  removeCrewAssignment,
  resolveRoleChoice,
  setPrimaryDriller,
  updateCrewAssignment,
  validateCrew,
  type AssignRoleChoice,
  type AssignmentId,
  type CrewMember,
} from '@plod/model';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../components/ConfirmModal';
import { ScreenHeader } from '../components/ScreenHeader';
import { ConflictNote } from './history/ConflictNote';
import { useConnection, useMutation } from '../sync';
import { AssignCrewForm } from './crew/AssignCrewForm';
import { AssignedCrewList } from './crew/AssignedCrewList';
import { CrewIssues } from './crew/CrewIssues';
import { PersonHoursModal } from './crew/PersonHoursModal';
import { canEditPlod, useEditor } from './plod/access';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { MissingLists, useListMissing } from './report-common/MissingLists';
import { useReport, useSetup } from './report-common/useReport';

const TITLE = 'Crew Assignment';

export default function CrewAssignment() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { docName, report, loading, newerSchema } = useReport(id);
  const setup = useSetup();
  const listsMissing = useListMissing(SETUP_DOC_NAME, setup.schemaVersion > 0);
  const { lastSyncedAt, syncNow } = useConnection();
  const editor = useEditor();
  const [error, setError] = useState<string | null>(null);
  const assign = useMutation(docName, assignCrewMember);
  const setPrimary = useMutation(docName, setPrimaryDriller);
  const remove = useMutation(docName, removeCrewAssignment);
  const update = useMutation(docName, updateCrewAssignment);
  const [hoursOf, setHoursOf] = useState<AssignmentId | null>(null);
  const editingHours = report.crew.find((a) => a.id === hoursOf) ?? null;
  const confirm = useConfirm();
  const shiftReady = isShiftSetUp(report.shift);

  // SPEC: while open, re-check every 3 s whether the shift exists. The snapshot is already live, so
  // the check is a nudge to the connection: shift details typed on another phone arrive at once.
  useEffect(() => {
    if (shiftReady) return;
    const timer = setInterval(syncNow, SHIFT_RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [shiftReady, syncNow]);

  /** Runs a change; true when it was made, else the refusal shows above the list. */
  const run = (action: () => void): boolean => {
    try {
      action();
      setError(null);
      return true;
    } catch (e) {
      setError(isModelError(e) ? e.message : 'Could not change the crew. Please try again.');
      return false;
    }
  };
  const onAssign = (member: CrewMember, choice: AssignRoleChoice) =>
    void run(() => {
      assign({
        crewMemberId: member.id,
        crewMemberName: member.memberName,
        ...resolveRoleChoice(choice),
      });
    });

  const issues = [
    ...(shiftReady ? [] : [CREW_MESSAGES.shiftNotSetUp]),
    ...validateCrew(report.crew),
  ];
  const available = availableCrewMembers(
    setup.crewMembers,
    report.shift.siteId,
    report.crew.map((a) => a.crewMemberName),
  );
  const readOnly = !canEditPlod(report.status, editor) || newerSchema;
  return (
    <>
      <ScreenHeader
        title={TITLE}
        backTo={path()}
        subtitle={
          <>
            <Text span fw={700} data-testid="crew-count">
              {report.crew.length} assigned
            </Text>
            {' · '}Last sync: {lastSyncedAt ? formatClock(new Date(lastSyncedAt)) : 'not yet'}
          </>
        }
      />
      <PlodBar />
      {!readOnly && listsMissing && <MissingLists what="Crew lists" />}
      {loading ? (
        <Text size="md">Loading crew assignment...</Text>
      ) : (
        <>
          <CrewIssues issues={issues} onRefresh={syncNow} />
          {error && (
            <Alert color="red" mb="md" withCloseButton onClose={() => setError(null)} role="alert">
              {error}
            </Alert>
          )}
          <ConflictNote docName={docName} section="meta" field="primaryAssignmentId" mb="md" />
          <AssignedCrewList
            crew={report.crew}
            readOnly={readOnly}
            onSetPrimary={(id) => void run(() => setPrimary(id))}
            onEditHours={setHoursOf}
            onRemove={(id) =>
              confirm.ask({
                title: 'Remove crew member?',
                message: `${report.crew.find((a) => a.id === id)?.crewMemberName ?? 'This crew member'} will be removed from this plod's crew. Undo brings them back, on this phone, for a few minutes.`,
                confirmLabel: 'Remove',
                onConfirm: () => void run(() => void remove(id)),
              })
            }
          />
          {readOnly ? null : shiftReady ? (
            <AssignCrewForm available={available} onAssign={onAssign} />
          ) : (
            <Alert color="yellow" title="Shift Details needed">
              <Text size="md" mb="sm">
                Please complete Shift Details first before assigning crew members...
              </Text>
              <Button component={Link} to={path('shift-details')}>
                Go to Shift Details
              </Button>
            </Alert>
          )}
          {editingHours && !readOnly && (
            <PersonHoursModal
              assignment={editingHours}
              onCancel={() => setHoursOf(null)}
              onSave={(patch) => {
                const saved = run(() => update(editingHours.id, patch));
                if (saved) setHoursOf(null);
                return saved;
              }}
            />
          )}
          {confirm.modal}
        </>
      )}
    </>
  );
}
