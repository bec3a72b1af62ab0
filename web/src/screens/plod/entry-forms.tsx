import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormModal } from '../../components/FormModal';
import { AddFormCard } from './AddFormCard';

/** What the model takes from a form's values: the entry's input schema. */
interface InputSchema<I> {
  parse: (values: unknown) => I;
}

interface EntryFormProps<V, I> {
  title: string;
  form: UseFormReturnType<V>;
  schema: InputSchema<I>;
  submitDisabled?: boolean;
  /** The entry's fields, bound to `form`. */
  children: ReactNode;
}

/**
 * An entry's inline add form: the values read through the model's schema go to `onAdd`; the form
 * starts again once it kept them, and on Cancel.
 */
export function AddEntryForm<V, I>({
  title,
  submitLabel = title,
  form,
  schema,
  submitDisabled,
  onAdd,
  onCancel,
  children,
}: EntryFormProps<V, I> & {
  /** The add button, where it differs from the title. */
  submitLabel?: string;
  onAdd: (input: I) => boolean;
  onCancel: () => void;
}) {
  const submit = form.onSubmit((v) => {
    if (onAdd(schema.parse(v))) form.reset();
  });
  return (
    <AddFormCard
      title={title}
      submitLabel={submitLabel}
      submitDisabled={submitDisabled}
      onSubmit={submit}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
    >
      {children}
    </AddFormCard>
  );
}

/**
 * An entry's edit modal: Save Changes hands `onSave` the entry as it was and as the form now reads
 * (both through the model's schema, so the caller writes only what changed), and closes once saved.
 */
export function EditEntryModal<V, I>({
  title,
  form,
  schema,
  submitDisabled,
  initial,
  onSave,
  onClose,
  children,
}: EntryFormProps<V, I> & {
  /** The values the form started from. */
  initial: V;
  onSave: (before: I, after: I) => boolean;
  onClose: () => void;
}) {
  const submit = form.onSubmit((v) => {
    const before = schema.parse(initial);
    if (onSave(before, schema.parse(v))) onClose();
  });
  return (
    <FormModal
      opened
      title={title}
      submitLabel="Save Changes"
      submitDisabled={submitDisabled}
      onSubmit={submit}
      onCancel={onClose}
    >
      {children}
    </FormModal>
  );
}
