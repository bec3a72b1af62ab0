import { z } from 'zod';
import { isOnStep, toNumberOr } from './round.ts';

export { isOnStep, roundTo, toNumberOr } from './round.ts';

export interface NumericFieldOptions {
  /** Used when the field is missing, null or blank. */
  default: number;
  /** Used when the field is a non-numeric string; defaults to `default`. */
  fallback?: number;
  int?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

function coerceNumeric(
  value: number | string | null | undefined,
  options: NumericFieldOptions,
): number {
  if (value === undefined || value === null) return options.default;
  if (typeof value === 'string' && value.trim() === '') return options.default;
  const n = toNumberOr(value, options.fallback ?? options.default);
  // Integer fields read like an HTML number input parsed with parseInt: the fraction is dropped.
  return options.int ? Math.trunc(n) : n;
}

function checkedNumber(options: NumericFieldOptions) {
  let inner = z.number();
  if (options.int) inner = inner.int();
  if (options.min !== undefined) inner = inner.min(options.min);
  if (options.max !== undefined) inner = inner.max(options.max);
  const step = options.step;
  return step === undefined
    ? inner
    : inner.refine((n) => isOnStep(n, step, options.min ?? 0), `Must be in steps of ${step}`);
}

/** What a numeric request field accepts: a number or text; other types are a 400. */
const numericInput = z.union([z.number(), z.string(), z.null()]).optional();

/**
 * A request-body number: number or numeric string, missing -> default, non-numeric string -> fallback,
 * other types rejected; range and step are enforced so bad values answer 400.
 */
export function numericField(options: NumericFieldOptions) {
  return numericInput
    .transform((value) => coerceNumeric(value, options))
    .pipe(checkedNumber(options));
}

/**
 * An optional request number: blank, missing, null or not a number reads as null (left blank, never
 * 0); otherwise as numericField, range and step enforced.
 */
export function optionalNumericField(options: Omit<NumericFieldOptions, 'default' | 'fallback'>) {
  return numericInput
    .transform((value): number | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const n = toNumberOr(value, Number.NaN);
      if (Number.isNaN(n)) return null;
      return options.int ? Math.trunc(n) : n;
    })
    .pipe(checkedNumber({ ...options, default: 0 }).nullable());
}

/** An optional request text: trimmed; blank or missing becomes null. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/** A required request text, trimmed, with the message to show when blank. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}
