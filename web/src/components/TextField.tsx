import { TextInput, type TextInputProps } from '@mantine/core';

/** A text input whose `onChange` is handed the text as typed (not the event). */
export function TextField({
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { onChange: (value: string) => void }) {
  return <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value)} />;
}
