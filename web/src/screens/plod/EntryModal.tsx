import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { FormButtons } from '../../components/FormModal';

/** What every entry of a plod's site-list parts has besides its own fields. */
export interface EntryValues {
  holeId: string;
  notes: string;
}

export interface EntryModalProps<V extends EntryValues> {
  opened: boolean;
  /** The entry being edited; none to add one. */
  entry?: V;
  onClose: () => void;
  /** Saves; true when saved, and only then does the modal close and reset. */
  onSave: (values: V) => boolean;
  /** The hole being drilled: a new entry is on it unless changed. */
  defaultHoleId?: string;
}

/**
 * Add or edit one entry (downtime, consumables): a form checked by the part's input schema, its own
 * fields first, then Hole ID and Notes, Cancel and save. The modal resets when it closes.
 */
export function EntryModal<V extends EntryValues>({
  opened,
  entry,
  onClose,
  onSave,
  defaultHoleId,
  empty,
  schema,
  noun,
  fields,
}: EntryModalProps<V> & {
  empty: V;
  /** The part's input schema (the model's zod schema for a new entry). */
  schema: Parameters<typeof schemaResolver>[0];
  /** "Downtime", "Consumable": the titles and the save button say Add {noun} / Edit {noun}. */
  noun: string;
  fields: (form: UseFormReturnType<V>) => ReactNode;
}) {
  const editing = entry !== undefined;
  const form = useForm<V>({
    initialValues: entry ?? empty,
    validate: schemaResolver(schema, { sync: true }),
  });
  const { setValues, getValues } = form;
  useEffect(() => {
    if (!opened || editing) return;
    if (defaultHoleId && getValues().holeId === '')
      setValues({ holeId: defaultHoleId } as Partial<V>);
  }, [opened, editing, defaultHoleId, getValues, setValues]);
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: V) => {
    if (!onSave(values)) return;
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          {fields(form)}
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
          <FormButtons submitLabel={editing ? 'Save Changes' : `Add ${noun}`} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
