import { parseDecimalText } from '../format/decimal-text.ts';
import { formatDepth } from '../format/format.ts';
import type { RunContext, RunInput, RunMeasureInput, RunStyle } from './run.ts';
import { runBarrelMetres, runInputSchema, runLength } from './run.ts';
import { checkRecoveredText } from './recovery.ts';

/**
 * What may be recorded as a run, and what must be confirmed first. A refusal keeps Add Run disabled
 * with its reason shown; a question (a 0 m run, a run past the target) is asked before the run is
 * added. Bad stick-up text is an error beside the field, never a number guessed from it.
 */

export type RunRefusal = 'zero-length' | 'no-rod-first-run' | 'stick-up-too-long';

/**
 * Whether a run's form asks for a stick-up: on both screens only when a rod was added (a run without
 * a rod drills the stick-up the previous run left and leaves none).
 */
export function asksStickUp(input: Pick<RunInput, 'style' | 'rodAdded'>): boolean {
  return input.rodAdded;
}

/** `Stick-up must be from 0 to 3 m` for this run's barrel. */
export function stickUpRangeMessage(context: Pick<RunContext, 'isFirstOfHole'>): string {
  return `Stick-up must be from 0 to ${runBarrelMetres(context)} m`;
}

/**
 * Why a run may not be recorded, or null, the same on both screens: a hole's first run needs a rod,
 * the stick-up must fit the barrel, and a run without a rod must drill something (SPEC 5: Add Run
 * disabled when no rod and length 0: the previous run left no stick-up and no ori tool).
 */
export function runRefusal(input: RunMeasureInput, context: RunContext): RunRefusal | null {
  if (context.isFirstOfHole && !input.rodAdded) return 'no-rod-first-run';
  if (asksStickUp(input) && (input.stickUp < 0 || input.stickUp > runBarrelMetres(context)))
    return 'stick-up-too-long';
  if (!input.rodAdded && runLength(input, context) === 0) return 'zero-length';
  return null;
}

/** The sentence shown for a refusal. */
export function runRefusalMessage(refusal: RunRefusal, context: RunContext): string {
  switch (refusal) {
    case 'zero-length':
      return 'A run without a rod must drill more than 0 m';
    case 'no-rod-first-run':
      return 'The first run of a hole needs a rod';
    case 'stick-up-too-long':
      return stickUpRangeMessage(context);
  }
}

export type RunQuestion = 'zero-length' | 'past-target';

/** What to confirm before a run is recorded (or saved after an edit). */
export function runQuestions(
  run: { length: number; toDepth: number },
  targetDepth: number,
): RunQuestion[] {
  const questions: RunQuestion[] = [];
  if (run.length === 0) questions.push('zero-length');
  if (run.toDepth > targetDepth) questions.push('past-target');
  return questions;
}

/** The sentence asking a question. */
export function runQuestionMessage(
  question: RunQuestion,
  run: { toDepth: number },
  targetDepth: number,
): string {
  return question === 'zero-length'
    ? 'This run drills 0 m.'
    : `This run ends at ${formatDepth(run.toDepth)} m, past the target depth of ${formatDepth(targetDepth)} m.`;
}

export const STICK_UP_BLANK = 'Enter the stick-up in metres';
export const STICK_UP_NOT_A_NUMBER = 'Stick-up must be a number of metres, such as 0.5';

/** Stick-up as typed: its value in metres, or the message to show beside the field. */
export function checkStickUpText(
  text: string,
  context: Pick<RunContext, 'isFirstOfHole'>,
): { value: number; error: null } | { value: null; error: string } {
  if (text.trim() === '') return { value: null, error: STICK_UP_BLANK };
  const value = parseDecimalText(text);
  if (value === null) return { value: null, error: STICK_UP_NOT_A_NUMBER };
  if (value < 0 || value > runBarrelMetres(context))
    return { value: null, error: stickUpRangeMessage(context) };
  return { value, error: null };
}

/** A run form as typed. */
export interface RunFormValues {
  rodAdded: boolean;
  stickUp: string;
  oriToolUsed: boolean;
  notes: string;
  /** Core recovered, as typed; blank when not recorded. */
  recoveredLength?: string;
}

export interface RunFormCheck {
  /** The run to record, or null while the form has an error or a refusal. */
  input: RunInput | null;
  stickUpError: string | null;
  /** Beside the recovered length: not a number, or more than the run drills (`recoveryRefusal`). */
  recoveredError: string | null;
  /** Why Add Run stays disabled, when the fields themselves are fine. */
  refusal: string | null;
}

/** Check a run form of either screen against where the run would go. */
export function checkRunForm(
  style: RunStyle,
  values: RunFormValues,
  context: RunContext,
): RunFormCheck {
  let stickUp = 0;
  if (asksStickUp({ style, rodAdded: values.rodAdded })) {
    const checked = checkStickUpText(values.stickUp, context);
    if (checked.error !== null)
      return { input: null, stickUpError: checked.error, recoveredError: null, refusal: null };
    stickUp = checked.value;
  }
  const measured = runInputSchema.parse({
    style,
    rodAdded: values.rodAdded,
    stickUp,
    oriToolUsed: values.oriToolUsed,
    notes: values.notes,
  });
  const refusal = runRefusal(measured, context);
  if (refusal)
    return {
      input: null,
      stickUpError: null,
      recoveredError: null,
      refusal: runRefusalMessage(refusal, context),
    };
  // The one recovery rule of both screens and REST, against the length this run would have.
  const recovered = checkRecoveredText(values.recoveredLength ?? '', runLength(measured, context));
  if (recovered.error !== null)
    return { input: null, stickUpError: null, recoveredError: recovered.error, refusal: null };
  const input = { ...measured, recoveredLength: recovered.value };
  return { input, stickUpError: null, recoveredError: null, refusal: null };
}
