import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useCallback } from 'react';

export interface NumberFieldProps extends Omit<NumberInputProps, 'inputMode'> {
  /** The phone keypad: `numeric` for whole numbers (digits only), `decimal` for a decimal point. */
  inputMode: 'numeric' | 'decimal';
}

/**
 * Mantine's NumberInput, with the keypad asked for. NumberInput writes `inputmode="decimal"` over
 * whatever it is given, so a whole number (quantity, azimuth) got a decimal point it cannot use.
 * The attribute is set on the element once it exists; React leaves it alone afterwards, because
 * the value NumberInput renders never changes.
 */
export function NumberField({ inputMode, ref, ...props }: NumberFieldProps) {
  const setMode = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.inputMode = inputMode;
    },
    [inputMode],
  );
  return <NumberInput {...props} ref={useMergedRef(ref, setMode)} />;
}
