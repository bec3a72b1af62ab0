import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_TIMESHEET_ACTIVITY,
  TIMESHEET_ACTIVITIES,
  crossesMidnight,
  entryHours,
  entryHoursQuestion,
  formatHours,
  timeLabel,
  timeOptions,
  timesheetEntryInputSchema,
  type TimesheetEntry,
  type TimesheetEntryInput,
} from '@plod/model';
import { useEffect, useRef, useState } from 'react';
import { FormButtons } from '../../components/FormModal';
import { ChoiceSelect, TimeSelect } from '../plod/ChoiceSelect';
import { optionsOf } from '../plod/labels';

export interface TimeEntryValues {
  holeId: string;
  activity: string;
  startTime: string;
  endTime: string;
  notes: string;
}

export const TIME_ENTRY_DEFAULTS: TimeEntryValues = {
  holeId: '',
  activity: DEFAULT_TIMESHEET_ACTIVITY,
  startTime: '',
  endTime: '',
  notes: '',
};

const TIMES = timeOptions();
const ACTIVITIES = optionsOf(TIMESHEET_ACTIVITIES);

/** The form values of a stored entry (for Edit). */
export function timeEntryValues(entry: TimesheetEntry): TimeEntryValues {
  return {
    holeId: entry.holeId ?? '',
    activity: entry.activity,
    startTime: entry.startTime,
    endTime: entry.endTime,
    notes: entry.notes ?? '',
  };
}

/** The half-hour list, plus an entry's own time when it is off the list (typed through the API). */
export function timeChoices(...own: string[]) {
  const extra = own.filter((t) => t !== '' && !TIMES.some((o) => o.value === t));
  return [...TIMES, ...extra.map((value) => ({ value, label: timeLabel(value) }))].sort((a, b) =>
    a.value.localeCompare(b.value),
  );
}

export interface TimeEntryModalProps {
  opened: boolean;
  /** Edit this entry's values; without one the modal adds a new entry. */
  entry?: TimeEntryValues;
  onClose: () => void;
  /** Saves the values; true when saved, and only then does the modal close and reset. */
  onSave: (values: TimeEntryValues) => boolean;
  /** The hole being drilled: a new entry starts on it (typing it each time was most of the keys). */
  defaultHoleId?: string;
  /** Where a new entry most likely starts: the previous entry's end, else the shift's start. */
  defaultStartTime?: string;
}

/**
 * Add or edit a time entry. Hours are shown as the model derives them, never typed; an end before
 * the start is the next day. 0 h and more than a day's 12 h are asked about before saving.
 */
export function TimeEntryModal({
  opened,
  entry,
  onClose,
  onSave,
  defaultHoleId,
  defaultStartTime,
}: TimeEntryModalProps) {
  const editing = entry !== undefined;
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  // The question appears above the button just tapped, at the foot of a tall form: bring it in.
  useEffect(() => {
    if (asking) questionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [asking]);
  const form = useForm<TimeEntryValues>({
    initialValues: entry ?? TIME_ENTRY_DEFAULTS,
    validate: schemaResolver(timesheetEntryInputSchema, { sync: true }),
    // A changed time is a new answer: ask again if it still needs asking.
    onValuesChange: () => setAsking(false),
  });
  // Each time it opens to add, empty hole and start fields start on the likely values.
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (!opened || editing) return;
    const values = getValues();
    if (defaultHoleId && values.holeId === '') setFieldValue('holeId', defaultHoleId);
    if (defaultStartTime && values.startTime === '') setFieldValue('startTime', defaultStartTime);
  }, [opened, editing, defaultHoleId, defaultStartTime, getValues, setFieldValue]);
  const { startTime, endTime } = form.getValues();
  const question = entryHoursQuestion({ startTime, endTime });
  const close = () => {
    form.reset();
    setAsking(false);
    onClose();
  };
  const save = (values: TimeEntryValues) => {
    if (!onSave(values)) return;
    form.reset();
    setAsking(false);
    onClose();
  };
  const submit = (values: TimeEntryValues) => {
    if (entryHoursQuestion(values)) setAsking(true);
    else save(values);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Time Entry' : 'Add Time Entry'}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <TextInput
            label="Hole ID"
            placeholder="e.g. DH001"
            key={form.key('holeId')}
            {...form.getInputProps('holeId')}
          />
          <ChoiceSelect
            label="Activity"
            data={ACTIVITIES}
            key={form.key('activity')}
            {...form.getInputProps('activity')}
          />
          <TimeRangeFields form={form} entry={entry} />
          <Textarea
            label="Notes (Optional)"
            rows={2}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          {asking && question && (
            <Alert
              ref={questionRef}
              color="orange"
              title="Check the hours"
              data-testid="hours-question"
            >
              <Stack gap="sm">
                {question}
                {/* One above the other: side by side, a phone would cut both labels. */}
                <Button color="orange.9" onClick={() => save(form.getValues())}>
                  Save Anyway
                </Button>
                <Button variant="default" onClick={() => setAsking(false)}>
                  Change Times
                </Button>
              </Stack>
            </Alert>
          )}
          <FormButtons submitLabel={editing ? 'Save Changes' : 'Add Entry'} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}

const TIME_FIELDS = [
  { field: 'startTime', label: 'Start Time' },
  { field: 'endTime', label: 'End Time' },
] as const;

/**
 * Start and end from the half-hour list (with the entry's own times where they are off it) and the
 * hours they make (an end before the start is the next day): the time entry's and the downtime
 * entry's forms.
 */
export function TimeRangeFields<V extends { startTime: string; endTime: string }>({
  form,
  entry,
}: {
  form: UseFormReturnType<V>;
  /** The entry being edited, if any. */
  entry?: { startTime: string; endTime: string };
}) {
  const { startTime, endTime } = form.getValues();
  const times = timeChoices(entry?.startTime ?? '', entry?.endTime ?? '');
  return (
    <>
      {/* Picking the time already shown (the start is filled in) keeps it, never empties it. */}
      <Group grow align="flex-start">
        {TIME_FIELDS.map(({ field, label }) => (
          <TimeSelect
            label={label}
            placeholder="Select time"
            data={times}
            key={form.key(field)}
            {...form.getInputProps(field)}
          />
        ))}
      </Group>
      <TextInput
        label="Calculated Hours"
        value={formatHours(entryHours({ startTime, endTime }))}
        description={crossesMidnight(startTime, endTime) ? 'Ends the next day' : undefined}
        readOnly
        data-testid="calculated-hours"
      />
    </>
  );
}

/** Form values as the model's input (the schema coerces the rest). */
export function toTimesheetInput(values: TimeEntryValues): TimesheetEntryInput {
  return timesheetEntryInputSchema.parse(values);
}
