import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  FIRST_RUN_BARREL_METRES,
} from '../constants/constants.ts';
import { parseDecimalText } from '../format/decimal-text.ts';
import { HOLE_ID_MAX_LENGTH, isHoleId } from '../ids/ids.ts';
import type { HoleConfigInput } from './hole.ts';

/**
 * The Setup New Diamond Drilling Hole form as typed. A blank number takes SPEC 5's default (shown
 * as the field's placeholder); text that is not a number, or a number out of range, is an error beside
 * the field, never a default in disguise.
 */
export interface HoleFormValues {
  holeId: string;
  dip: string;
  azimuth: string;
  targetDepth: string;
  constantStickUp: string;
  hasOriExtension: boolean;
}

export type HoleFormErrors = Partial<Record<keyof HoleFormValues, string>>;

interface NumberRule {
  fallback: number;
  ok: (n: number) => boolean;
  notNumber: string;
  range: string;
}

const RULES = {
  dip: {
    fallback: DEFAULT_HOLE_DIP,
    ok: (n) => n >= -90 && n <= 90,
    notNumber: 'Dip must be a number of degrees, such as -60',
    range: 'Dip must be from -90 to 90°',
  },
  azimuth: {
    fallback: DEFAULT_HOLE_AZIMUTH,
    ok: (n) => n >= 0 && n <= 360,
    notNumber: 'Azimuth must be a number of degrees, such as 45',
    range: 'Azimuth must be from 0 to 360°',
  },
  targetDepth: {
    fallback: DEFAULT_HOLE_TARGET_DEPTH,
    ok: (n) => n > 0,
    notNumber: 'Target depth must be a number of metres, such as 100',
    range: 'Target depth must be more than 0 m',
  },
  constantStickUp: {
    fallback: DEFAULT_HOLE_CONSTANT_STICK_UP,
    ok: (n) => n >= 0 && n <= FIRST_RUN_BARREL_METRES,
    notNumber: 'Constant stick-up must be a number of metres, such as 0.5',
    range: `Constant stick-up must be from 0 to ${FIRST_RUN_BARREL_METRES} m`,
  },
} satisfies Record<string, NumberRule>;

function checkNumber(text: string, rule: NumberRule): { value: number } | { error: string } {
  if (text.trim() === '') return { value: rule.fallback };
  const value = parseDecimalText(text);
  if (value === null) return { error: rule.notNumber };
  return rule.ok(value) ? { value } : { error: rule.range };
}

/** The hole the form describes, or the message for each field that is wrong. */
export function checkHoleForm(values: HoleFormValues): {
  config: HoleConfigInput | null;
  errors: HoleFormErrors;
} {
  const errors: HoleFormErrors = {};
  const holeId = values.holeId.trim();
  if (holeId === '') errors.holeId = 'Enter a hole ID';
  else if (!isHoleId(holeId))
    errors.holeId = `A hole ID has at most ${HOLE_ID_MAX_LENGTH} characters`;
  const numbers: Partial<Record<keyof typeof RULES, number>> = {};
  for (const field of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const checked = checkNumber(values[field], RULES[field]);
    if ('error' in checked) errors[field] = checked.error;
    else numbers[field] = checked.value;
  }
  if (Object.keys(errors).length > 0) return { config: null, errors };
  return {
    config: {
      holeId: holeId as HoleConfigInput['holeId'],
      dip: numbers.dip ?? DEFAULT_HOLE_DIP,
      azimuth: numbers.azimuth ?? DEFAULT_HOLE_AZIMUTH,
      targetDepth: numbers.targetDepth ?? DEFAULT_HOLE_TARGET_DEPTH,
      constantStickUp: numbers.constantStickUp ?? DEFAULT_HOLE_CONSTANT_STICK_UP,
      hasOriExtension: values.hasOriExtension,
      barrelType: DEFAULT_BARREL_TYPE,
    },
    errors,
  };
}
