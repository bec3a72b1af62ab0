import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DOWNTIME_GROUP_LABELS,
  downtimeEntryInputSchema,
  type DowntimeCode,
  type DowntimeEntry,
} from '@plod/model';
import { useEffect } from 'react';
import { TimeRangeFields, timeChoices } from '../timesheets/TimeEntryModal';

export interface DowntimeValues {
  codeId: string;
  startTime: string;
  endTime: string;
  holeId: string;
  notes: string;
}

const EMPTY: DowntimeValues = { codeId: '', startTime: '', endTime: '', holeId: '', notes: '' };

/** The form values of a stored entry (for Edit). */
export function downtimeValues(entry: DowntimeEntry): DowntimeValues {
  return {
    codeId: entry.codeId,
    startTime: entry.startTime,
    endTime: entry.endTime,
    holeId: entry.holeId ?? '',
    notes: entry.notes ?? '',
  };
}

/** A code as the picker offers it: "Client standby · Client standby (charged)". */
export function codeOption(code: Pick<DowntimeCode, 'id' | 'name' | 'group' | 'chargeable'>) {
  const charged = code.chargeable ? ', charged' : '';
  return { value: code.id, label: `${code.name} (${DOWNTIME_GROUP_LABELS[code.group]}${charged})` };
}

export interface DowntimeEntryModalProps {
  opened: boolean;
  /** The site's codes to pick from (an edited entry's own code is offered even if since removed). */
  codes: readonly Pick<DowntimeCode, 'id' | 'name' | 'group' | 'chargeable'>[];
  entry?: DowntimeValues;
  onClose: () => void;
  /** Saves; true when saved, and only then does the modal close and reset. */
  onSave: (values: DowntimeValues) => boolean;
  /** The hole being drilled: new downtime is on it unless changed. */
  defaultHoleId?: string;
}

/** Add or edit downtime: a code, start and end (an end before the start is the next day), hole, notes. */
export function DowntimeEntryModal({
  opened,
  codes,
  entry,
  onClose,
  onSave,
  defaultHoleId,
}: DowntimeEntryModalProps) {
  const editing = entry !== undefined;
  const form = useForm<DowntimeValues>({
    initialValues: entry ?? EMPTY,
    validate: schemaResolver(downtimeEntryInputSchema, { sync: true }),
  });
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (!opened || editing) return;
    if (defaultHoleId && getValues().holeId === '') setFieldValue('holeId', defaultHoleId);
  }, [opened, editing, defaultHoleId, getValues, setFieldValue]);
  const { startTime, endTime } = form.getValues();
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: DowntimeValues) => {
    if (!onSave(values)) return;
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Downtime' : 'Add Downtime'}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Select
            label="Downtime Code"
            placeholder="Why the rig stood"
            data={codes.map(codeOption)}
            allowDeselect={false}
            searchable
            maxDropdownHeight={260}
            key={form.key('codeId')}
            {...form.getInputProps('codeId')}
          />
          <TimeRangeFields
            times={timeChoices(entry?.startTime ?? '', entry?.endTime ?? '')}
            startKey={form.key('startTime')}
            start={form.getInputProps('startTime')}
            endKey={form.key('endTime')}
            end={form.getInputProps('endTime')}
            startTime={startTime}
            endTime={endTime}
          />
          <TextInput
            label="Hole ID (Optional)"
            placeholder="e.g. DH001"
            key={form.key('holeId')}
            {...form.getInputProps('holeId')}
          />
          <Textarea
            label="Notes (Optional)"
            rows={2}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          <Group wrap="nowrap">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" style={{ flex: 1 }}>
              {editing ? 'Save Changes' : 'Add Downtime'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
