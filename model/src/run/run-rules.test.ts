import { describe, expect, it } from 'vitest';
import type { RunContext } from './run.ts';
import { runLength } from './run.ts';
import {
  STICK_UP_BLANK,
  asksStickUp,
  STICK_UP_NOT_A_NUMBER,
  checkRunForm,
  checkStickUpText,
  runQuestions,
  runRefusal,
} from './run-rules.ts';

const first: RunContext = { isFirstOfHole: true, previousStickUp: 0, constantStickUp: 0.5 };
const later: RunContext = { isFirstOfHole: false, previousStickUp: 0.5, constantStickUp: 0.5 };
const form = (stickUp: string, rodAdded = true) => ({
  rodAdded,
  stickUp,
  oriToolUsed: false,
  notes: '',
});

describe('stick-up as typed', () => {
  it('is an error beside the field when blank or not a number, never a default', () => {
    expect(checkStickUpText('', later)).toEqual({ value: null, error: STICK_UP_BLANK });
    expect(checkStickUpText('  ', later)).toEqual({ value: null, error: STICK_UP_BLANK });
    expect(checkStickUpText('abc', later)).toEqual({ value: null, error: STICK_UP_NOT_A_NUMBER });
    expect(checkStickUpText('0.5m', later).error).toBe(STICK_UP_NOT_A_NUMBER);
    expect(checkStickUpText('1.2.3', later).error).toBe(STICK_UP_NOT_A_NUMBER);
  });
  it('is a number from 0 to the barrel: 3 m for a later run, 4 m for the first', () => {
    expect(checkStickUpText('3.4', later).error).toBe('Stick-up must be from 0 to 3 m');
    expect(checkStickUpText('-0.5', later).error).toBe('Stick-up must be from 0 to 3 m');
    expect(checkStickUpText('3', later)).toEqual({ value: 3, error: null });
    expect(checkStickUpText('3.4', first)).toEqual({ value: 3.4, error: null });
    expect(checkStickUpText('4.1', first).error).toBe('Stick-up must be from 0 to 4 m');
    expect(checkStickUpText('.5', later).value).toBe(0.5);
    expect(checkStickUpText('0,5', later).value).toBe(0.5);
  });
});

describe('run form', () => {
  it('records no run while the stick-up is wrong, on either screen', () => {
    for (const style of ['run-sheet', 'add-run'] as const) {
      for (const text of ['', 'abc', '3.4']) {
        const check = checkRunForm(style, form(text), later);
        expect(check.input).toBeNull();
        expect(check.stickUpError).not.toBeNull();
      }
    }
  });
  it('ignores the stick-up of a Run Sheets run without a rod (the modal does not ask for it)', () => {
    const check = checkRunForm('run-sheet', { ...form('abc', false), oriToolUsed: true }, later);
    expect(check).toMatchObject({ stickUpError: null, refusal: null });
    expect(check.input).toMatchObject({ rodAdded: false, stickUp: 0 });
  });
  it('gives the reason Add Run stays disabled', () => {
    expect(
      checkRunForm('run-sheet', form('', false), { ...later, previousStickUp: 0 }).refusal,
    ).toBe('A run without a rod must drill more than 0 m');
    expect(checkRunForm('add-run', form('0.5', false), first).refusal).toBe(
      'The first run of a hole needs a rod',
    );
  });
  it('gives both screens the same input for the same first run', () => {
    const a = checkRunForm('run-sheet', form('0.5'), first).input;
    const b = checkRunForm('add-run', form('0.5'), first).input;
    expect(a).toMatchObject({ rodAdded: true, stickUp: 0.5 });
    expect(b).toMatchObject({ rodAdded: true, stickUp: 0.5 });
  });
});

describe('one run rule on both screens (the Run Sheets pop-up and Add New Run)', () => {
  const contexts: [string, RunContext][] = [
    ['first run', first],
    ['later run', later],
    ['later run, no stick-up left', { ...later, previousStickUp: 0 }],
    ['later run, 0.3 m left', { ...later, previousStickUp: 0.3 }],
  ];
  const forms = [
    form('0.5'),
    form('0.2'),
    form('', false),
    form('0.5', false),
    { ...form('', false), oriToolUsed: true },
    form('abc'),
  ];
  it('gives the same run, the same length, the same refusal and the same stick-up question', () => {
    for (const [where, context] of contexts) {
      for (const values of forms) {
        const sheet = checkRunForm('run-sheet', values, context);
        const screen = checkRunForm('add-run', values, context);
        const label = `${where}: ${JSON.stringify(values)}`;
        expect([label, sheet.refusal, sheet.stickUpError]).toEqual([
          label,
          screen.refusal,
          screen.stickUpError,
        ]);
        expect([label, sheet.input === null]).toEqual([label, screen.input === null]);
        if (sheet.input && screen.input) {
          const { style: _a, ...a } = sheet.input;
          const { style: _b, ...b } = screen.input;
          expect([label, a]).toEqual([label, b]);
          expect([label, runLength(sheet.input, context)]).toEqual([
            label,
            runLength(screen.input, context),
          ]);
        }
        expect(asksStickUp({ style: 'run-sheet', rodAdded: values.rodAdded })).toBe(
          asksStickUp({ style: 'add-run', rodAdded: values.rodAdded }),
        );
      }
    }
  });
  it('a run without a rod drills the stick-up the previous run left and has none of its own', () => {
    for (const style of ['run-sheet', 'add-run'] as const) {
      const input = checkRunForm(style, form('0.5', false), {
        ...later,
        previousStickUp: 0.3,
      }).input;
      expect(input).toMatchObject({ rodAdded: false, stickUp: 0 });
      expect(input && runLength(input, { ...later, previousStickUp: 0.3 })).toBe(0.3);
    }
  });
});

describe('refusals and questions', () => {
  it('refuses a stick-up past the barrel given programmatically', () => {
    const run = { style: 'run-sheet', rodAdded: true, stickUp: 3.4, oriToolUsed: false } as const;
    expect(runRefusal(run, later)).toBe('stick-up-too-long');
    expect(runRefusal(run, first)).toBeNull();
  });
  it('asks before a 0 m run or a run past the target depth', () => {
    expect(runQuestions({ length: 0, toDepth: 10 }, 100)).toEqual(['zero-length']);
    expect(runQuestions({ length: 2.5, toDepth: 101 }, 100)).toEqual(['past-target']);
    expect(runQuestions({ length: 2.5, toDepth: 100 }, 100)).toEqual([]);
  });
});
