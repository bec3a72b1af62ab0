import { Select, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { optionsOf } from './labels';

/** A Select of a fixed list: picking the choice already shown keeps it, never empties it. */
export function ChoiceSelect(props: SelectProps) {
  return <Select allowDeselect={false} {...props} />;
}

/** A time of the day from a list of times (a long list: a taller dropdown). */
export function TimeSelect(props: SelectProps) {
  return <ChoiceSelect maxDropdownHeight={260} {...props} />;
}

/** A form's field picked from the model's codes, each shown in words ('in-progress': In Progress). */
export function CodeSelect<V>({
  form,
  field,
  codes,
  ...props
}: Omit<SelectProps, 'data' | 'form'> & {
  form: UseFormReturnType<V>;
  field: keyof V & string;
  codes: readonly string[];
}) {
  return <ChoiceSelect data={optionsOf(codes)} {...props} {...form.getInputProps(field)} />;
}
