import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DEFAULT_TIMESHEET_ACTIVITY,
  TIMESHEET_ACTIVITIES,
  entryHours,
  formatHours,
  timeOptions,
  timesheetEntryInputSchema,
  type TimesheetEntryInput,
} from '@plod/model';
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

export interface TimeEntryModalProps {
  opened: boolean;
  onClose: () => void;
  /** Saves the entry; true when saved, and only then does the modal close and reset. */
  onAdd: (entry: TimeEntryValues) => boolean;
}

/** Add Time Entry: hours are shown as the model derives them, never typed. */
export function TimeEntryModal({ opened, onClose, onAdd }: TimeEntryModalProps) {
  const form = useForm<TimeEntryValues>({
    initialValues: TIME_ENTRY_DEFAULTS,
    validate: schemaResolver(timesheetEntryInputSchema, { sync: true }),
  });
  const { startTime, endTime } = form.getValues();
  const hours = entryHours({ startTime, endTime });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: TimeEntryValues) => {
    if (!onAdd(values)) return;
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add Time Entry" size="lg">
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <TextInput
            label="Hole ID"
            placeholder="e.g. DH001"
            key={form.key('holeId')}
            {...form.getInputProps('holeId')}
          />
          <Select
            label="Activity"
            data={ACTIVITIES}
            allowDeselect={false}
            key={form.key('activity')}
            {...form.getInputProps('activity')}
          />
          <Group grow align="flex-start">
            <Select
              label="Start Time"
              placeholder="Select time"
              data={TIMES}
              maxDropdownHeight={260}
              key={form.key('startTime')}
              {...form.getInputProps('startTime')}
            />
            <Select
              label="End Time"
              placeholder="Select time"
              data={TIMES}
              maxDropdownHeight={260}
              key={form.key('endTime')}
              {...form.getInputProps('endTime')}
            />
          </Group>
          <TextInput
            label="Calculated Hours"
            value={formatHours(hours)}
            readOnly
            data-testid="calculated-hours"
          />
          <Textarea
            label="Notes (Optional)"

            rows={2}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end" grow>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Add Entry</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Form values as the model's input (the schema coerces the rest). */
export function toTimesheetInput(values: TimeEntryValues): TimesheetEntryInput {
  return timesheetEntryInputSchema.parse(values);
}
