import { ActionIcon } from '@mantine/core';
import { NumberField, type NumberFieldProps } from './NumberField';

export interface SignedNumberInputProps extends Omit<
  NumberFieldProps,
  'rightSection' | 'inputMode'
> {
  label: string;
}

/** -x for a number, x for -x; text that is no number yet becomes a lone minus to type after. */
export function flipSign(value: number | string): number | string {
  if (typeof value === 'number') return value === 0 ? 0 : -value;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '-') return trimmed === '-' ? '' : '-';
  return trimmed.startsWith('-') ? trimmed.slice(1) : `-${trimmed}`;
}

/**
 * A number that may be negative (a survey dip, -90..90). iOS's numeric and decimal keypads have no
 * minus key, and a full text keyboard hides the digits behind a second layer, so the field keeps the
 * number keypad and carries its own ± button (44 px, beside the value) that flips the sign. A
 * hardware keyboard or an Android keypad can still type the minus.
 */
export function SignedNumberInput({ label, value, onChange, ...props }: SignedNumberInputProps) {
  return (
    <NumberField
      {...props}
      label={label}
      value={value}
      onChange={onChange}
      allowNegative
      inputMode={props.allowDecimal === false ? 'numeric' : 'decimal'}
      rightSectionWidth={48}
      rightSection={
        <ActionIcon
          variant="light"
          size={44}
          aria-label={`Change the sign of ${label}`}
          onClick={() => onChange?.(flipSign(value ?? ''))}
        >
          ±
        </ActionIcon>
      }
    />
  );
}
