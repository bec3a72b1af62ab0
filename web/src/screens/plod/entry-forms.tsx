import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
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

/** What every inline entry's form holds besides its own fields. */
interface EntryFormValues {
  notes: string;
}

/**
 * One kind of inline entry (a hire tool, a survey point, a maintenance task): its form, checked by
 * the model's input schema, and its fields, shared by the add form and the edit modal.
 */
export interface EntryKind<V extends EntryFormValues, I, P> {
  /** "Survey Point": the add form is "Add {noun}", the edit modal "Edit {noun}". */
  noun: string;
  /** The add button, where it differs from "Add {noun}". */
  addLabel?: string;
  /** The model's input schema: it checks the form and reads its values. */
  schema: Parameters<typeof schemaResolver>[0] & InputSchema<I>;
  /** The entry's fields, bound to `form`; `P` is what else they need (the site's tools, holes). */
  Fields: (props: P & { form: UseFormReturnType<V> }) => ReactNode;
  /** Keeps the values in step as one changes (new equipment picks its first component). */
  onValuesChange?: (values: V, previous: V, form: UseFormReturnType<V>) => void;
  /** Save stays off while this is true (a task needs its description). */
  incomplete?: (values: V) => boolean;
}

function useEntryForm<V extends EntryFormValues, I, P>(kind: EntryKind<V, I, P>, initial: V) {
  const form: UseFormReturnType<V> = useForm<V>({
    initialValues: initial,
    validate: schemaResolver(kind.schema, { sync: true }),
    onValuesChange: (values, previous) => kind.onValuesChange?.(values, previous, form),
  });
  return form;
}

/** An entry kind's inline add form, starting from `initial`; `fields` is what its fields need. */
export function AddKindForm<V extends EntryFormValues, I, P>({
  kind,
  initial,
  fields,
  onAdd,
  onCancel,
}: {
  kind: EntryKind<V, I, P>;
  initial: V;
  fields: P;
  onAdd: (input: I) => boolean;
  onCancel: () => void;
}) {
  const form = useEntryForm(kind, initial);
  const title = `Add ${kind.noun}`;
  return (
    <AddEntryForm
      title={title}
      submitLabel={kind.addLabel ?? title}
      form={form}
      schema={kind.schema}
      submitDisabled={kind.incomplete?.(form.getValues())}
      onAdd={onAdd}
      onCancel={onCancel}
    >
      <kind.Fields {...fields} form={form} />
    </AddEntryForm>
  );
}

/** An entry kind's edit modal, starting from the entry's values (`initial`). */
export function EditKindModal<V extends EntryFormValues, I, P>({
  kind,
  initial,
  fields,
  onSave,
  onClose,
}: {
  kind: EntryKind<V, I, P>;
  initial: V;
  fields: P;
  onSave: (before: I, after: I) => boolean;
  onClose: () => void;
}) {
  const form = useEntryForm(kind, initial);
  return (
    <EditEntryModal
      title={`Edit ${kind.noun}`}
      form={form}
      schema={kind.schema}
      submitDisabled={kind.incomplete?.(form.getValues())}
      initial={initial}
      onSave={onSave}
      onClose={onClose}
    >
      <kind.Fields {...fields} form={form} />
    </EditEntryModal>
  );
}
