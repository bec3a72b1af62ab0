import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LateEditDecision } from '@plod/model/sync';
import { useEffect } from 'react';
import { useConnection, usePlodLateEdits, useUnseenLateEditDecisions } from '../sync';

/** A part's name in words, where it is not one already (late edits name parts as the server keeps them). */
const PART_LABELS: Record<string, string> = {
  shiftDetails: 'shift details',
  timesheets: 'timesheet',
  hireTools: 'hire tools',
  signOff: 'sign-off',
  other: 'other changes',
};

function partsText(parts: readonly string[]): string {
  return parts.length === 0 ? '' : ` (${parts.map((p) => PART_LABELS[p] ?? p).join(', ')})`;
}

/** What a supervisor's decision means for this phone, in the crew's words. */
export function decisionText(decision: LateEditDecision): string {
  const what = `your late changes${partsText(decision.parts)}`;
  return decision.decision === 'merged'
    ? `The supervisor merged ${what} into the submitted plod.`
    : `The supervisor discarded ${what}. They have been removed from this phone.`;
}

const plural = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * On a plod's screens: this phone's changes the server keeps aside for a supervisor (the plod was
 * submitted before they arrived), and the supervisor's decisions until the crew has seen them.
 */
export function PlodLateEdits({ docName }: { docName: string }) {
  const { waiting, unseen, markSeen } = usePlodLateEdits(docName);
  return (
    <>
      {waiting > 0 && (
        <Alert
          color="violet"
          variant="light"
          title="Waiting for supervisor"
          mb="md"
          data-testid="waiting-for-supervisor"
        >
          <Text size="md">
            {plural(waiting)} from this phone reached this plod after it was submitted. The server
            keeps them for the supervisor to merge or discard; until then only this phone shows
            them.
          </Text>
        </Alert>
      )}
      {unseen.length > 0 && (
        <Alert
          color={unseen.some((d) => d.decision === 'discarded') ? 'orange' : 'green'}
          variant="light"
          title="The supervisor decided"
          mb="md"
          data-testid="late-edit-decision"
        >
          <Stack gap="xs" align="flex-start">
            {unseen.map((decision) => (
              <Text key={decision.id} size="md">
                {decisionText(decision)}
              </Text>
            ))}
            <Button variant="white" onClick={() => markSeen(unseen.map((d) => d.id))}>
              OK
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** On the Plods list: how many of this phone's changes wait for a supervisor, apart from pending. */
export function WaitingForSupervisor() {
  const { waiting } = useConnection();
  if (waiting === 0) return null;
  return (
    <Alert color="violet" variant="light" mb="md" data-testid="waiting-count">
      Waiting for supervisor: {plural(waiting)} reached a plod after it was submitted.
    </Alert>
  );
}

// Shown once per decision and app start, whichever screen is open; the plod's screens keep showing
// it until the crew taps OK.
const toasted = new Set<string>();

/** Tells the crew of a supervisor's decision as it arrives, on any screen. */
export function LateEditToasts() {
  const unseen = useUnseenLateEditDecisions();
  useEffect(() => {
    for (const { decision } of unseen) {
      if (toasted.has(decision.id)) continue;
      toasted.add(decision.id);
      notifications.show({
        color: decision.decision === 'merged' ? 'green' : 'orange',
        title: 'Late changes',
        message: decisionText(decision),
      });
    }
  }, [unseen]);
  return null;
}
