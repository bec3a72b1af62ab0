import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import {
  crossesMidnight,
  formatPersonHours,
  personHours,
  personHoursIssues,
  type CrewAssignment,
  type PersonHoursPatch,
} from '@plod/model';
import { useState } from 'react';
import { FormModal } from '../../components/FormModal';
import { TimeSelect } from '../plod/ChoiceSelect';
import { timeChoices } from '../timesheets/TimeEntryModal';

interface Draft {
  startTime: string;
  finishTime: string;
  breakHours: number | string;
  travelHours: number | string;
  hoursNotes: string;
}

const draftOf = (a: CrewAssignment): Draft => ({
  startTime: a.startTime ?? '',
  finishTime: a.finishTime ?? '',
  breakHours: a.breakHours,
  travelHours: a.travelHours,
  hoursNotes: a.hoursNotes ?? '',
});

/** A typed number, or 0 for an emptied field (no break, no travel). */
const hoursOf = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number(value);
  return value === '' || !Number.isFinite(n) ? 0 : n;
};

/**
 * The fields the person changed, and only those: a start or finish left on the shift's time stays
 * the shift's (it follows a later change of the shift), and nothing unchanged is written.
 */
export function personHoursPatch(a: CrewAssignment, draft: Draft): PersonHoursPatch {
  const patch: PersonHoursPatch = {};
  if (draft.startTime !== '' && draft.startTime !== a.startTime) patch.startTime = draft.startTime;
  if (draft.finishTime !== '' && draft.finishTime !== a.finishTime)
    patch.finishTime = draft.finishTime;
  if (hoursOf(draft.breakHours) !== a.breakHours) patch.breakHours = hoursOf(draft.breakHours);
  if (hoursOf(draft.travelHours) !== a.travelHours) patch.travelHours = hoursOf(draft.travelHours);
  if (draft.hoursNotes.trim() !== (a.hoursNotes ?? '')) patch.hoursNotes = draft.hoursNotes;
  return patch;
}

export interface PersonHoursModalProps {
  assignment: CrewAssignment;
  onCancel: () => void;
  /** Saves the changed fields; true when saved (the modal then closes). */
  onSave: (patch: PersonHoursPatch) => boolean;
}

/**
 * A crew member's hours: start and finish (the shift's until changed; a finish before the start is
 * the next day), break, travel and notes. The hours show as the model derives them; a break longer
 * than start to finish, or negative travel, is said beside its field and cannot be saved.
 */
export function PersonHoursModal({ assignment, onCancel, onSave }: PersonHoursModalProps) {
  const [draft, setDraft] = useState(() => draftOf(assignment));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const shown = personHours(
    {
      startTime: draft.startTime || null,
      finishTime: draft.finishTime || null,
      breakHours: hoursOf(draft.breakHours),
      travelHours: hoursOf(draft.travelHours),
      hoursNotes: null,
    },
    { startTime: null, endTime: null },
  );
  const issues = personHoursIssues(shown);
  const times = timeChoices(assignment.startTime ?? '', assignment.finishTime ?? '');
  const hoursField = (key: 'breakHours' | 'travelHours', label: string) => (
    <NumberInput
      label={label}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      min={0}
      step={0.25}
      decimalScale={2}
      inputMode="decimal"
      hideControls
      error={issues[key]}
    />
  );
  return (
    <FormModal
      opened
      title={`Hours of ${assignment.crewMemberName}`}
      submitLabel="Save Hours"
      submitDisabled={Object.keys(issues).length > 0}
      onCancel={onCancel}
      onSubmit={(event) => {
        event?.preventDefault();
        if (Object.keys(issues).length === 0) onSave(personHoursPatch(assignment, draft));
      }}
    >
      <Group grow align="flex-start">
        <TimeSelect
          label="Start"
          data={times}
          value={draft.startTime || null}
          onChange={(value) => value && set('startTime', value)}
        />
        <TimeSelect
          label="Finish"
          data={times}
          value={draft.finishTime || null}
          onChange={(value) => value && set('finishTime', value)}
        />
      </Group>
      <Group grow align="flex-start">
        {hoursField('breakHours', 'Break (h)')}
        {hoursField('travelHours', 'Travel (h)')}
      </Group>
      <TextInput
        label="Notes (Optional)"
        value={draft.hoursNotes}
        onChange={(event) => set('hoursNotes', event.currentTarget.value)}
      />
      <Text size="md" fw={700} data-testid="person-hours-total" aria-live="polite">
        {formatPersonHours(shown.hours)} h worked
        {crossesMidnight(draft.startTime, draft.finishTime) ? ' (finishes the next day)' : ''}
        {shown.travelHours > 0 ? ` · ${formatPersonHours(shown.paidHours)} h paid` : ''}
      </Text>
    </FormModal>
  );
}
