import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';

export interface SignedDecimalInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'inputMode'
> {
  value: string;
  onChange: (value: string) => void;
}

/** The same text with its sign turned over: -60 <-> 60, and a lone minus to start a negative. */
export function flipSign(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return trimmed.slice(1);
  if (trimmed.startsWith('+')) return `-${trimmed.slice(1)}`;
  return `-${trimmed}`;
}

/**
 * A signed number (dip runs from -90 to 90). Phones' decimal keypads (iOS's among them) have no
 * minus key, so the field brings the decimal keypad and a ± button beside the digits.
 */
export function SignedDecimalInput({ value, onChange, ...props }: SignedDecimalInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSectionWidth={52}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon
          variant="default"
          size={44}
          aria-label={`Change the sign of ${String(props.label ?? 'the value')}`}
          onClick={() => onChange(flipSign(value))}
        >
          ±
        </ActionIcon>
      }
    />
  );
}
