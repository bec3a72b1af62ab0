import { Select } from '@mantine/core';
import {
  DOWNTIME_GROUP_LABELS,
  downtimeEntryInputSchema,
  type DowntimeCode,
  type DowntimeEntry,
} from '@plod/model';
import { EntryModal, type EntryModalProps } from '../plod/EntryModal';
import { TimeRangeFields } from '../timesheets/TimeEntryModal';

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

export interface DowntimeEntryModalProps extends EntryModalProps<DowntimeValues> {
  /** The site's codes to pick from (an edited entry's own code is offered even if since removed). */
  items: readonly Pick<DowntimeCode, 'id' | 'name' | 'group' | 'chargeable'>[];
}

/** Add or edit downtime: a code, start and end (an end before the start is the next day), hole, notes. */
export function DowntimeEntryModal({ items, ...props }: DowntimeEntryModalProps) {
  return (
    <EntryModal
      {...props}
      empty={EMPTY}
      schema={downtimeEntryInputSchema}
      noun="Downtime"
      fields={(form) => (
        <>
          <Select
            label="Downtime Code"
            placeholder="Why the rig stood"
            data={items.map(codeOption)}
            allowDeselect={false}
            searchable
            maxDropdownHeight={260}
            key={form.key('codeId')}
            {...form.getInputProps('codeId')}
          />
          <TimeRangeFields form={form} entry={props.entry} />
        </>
      )}
    />
  );
}
