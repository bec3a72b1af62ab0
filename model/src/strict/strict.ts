import { z } from 'zod';
import { CLEANUP_DAYS_MAX, CLEANUP_DAYS_MIN } from '../constants/constants.ts';
import { stripBidiControls } from '../format/bidi.ts';

/**
 * The REST boundary's own rules for a request body, checked on the JSON as sent, before the
 * model's schema (which the app's forms share, and which reads leniently) takes it: numbers are
 * JSON numbers (never text), within the SPEC's ranges or sane bounds, counts are whole, names are at
 * most 200 characters and lose bidirectional controls. Documents written by phones are read as
 * leniently as before; only what the API accepts is stricter.
 */

/** Longest name (site, rig, crew member, tool, operator...) the API takes. */
export const MAX_NAME_LENGTH = 200;
/** Deepest a depth may be, in metres (the deepest drill holes are about 12 km; ours are far less). */
export const MAX_DEPTH_METRES = 10_000;
/** Most hours one shift's entry may hold. */
export const MAX_SHIFT_HOURS = 24;
/** Highest hire rate per hour, in dollars. */
export const MAX_RATE = 1_000_000;
/** Largest count (holes, rods, tools) one entry may hold. */
export const MAX_COUNT = 10_000;

interface NumberRule {
  min: number;
  max: number;
  int?: boolean;
}

/** A JSON number within [min, max] (whole when `int`); text such as "12" or "NaN" is refused. */
export function strictNumber(rule: NumberRule) {
  let schema = z
    .number({
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number, not text'),
    })
    .min(rule.min, `must be at least ${rule.min}`)
    .max(rule.max, `must be at most ${rule.max}`);
  if (rule.int) schema = schema.int('must be a whole number');
  return schema;
}

/** A name: text of at most 200 characters, bidirectional controls dropped. */
export const strictName = z
  .string({ error: 'must be text' })
  .transform(stripBidiControls)
  .pipe(z.string().max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`));

export const depth = strictNumber({ min: 0, max: MAX_DEPTH_METRES });
export const hours = strictNumber({ min: 0, max: MAX_SHIFT_HOURS });
export const rate = strictNumber({ min: 0, max: MAX_RATE });
export const count = (min = 0) => strictNumber({ min, max: MAX_COUNT, int: true });
export const dip = strictNumber({ min: -90, max: 90 });
export const azimuth = strictNumber({ min: 0, max: 360 });
export const cleanupDays = strictNumber({
  min: CLEANUP_DAYS_MIN,
  max: CLEANUP_DAYS_MAX,
  int: true,
});

/** Text kept as text when a form may send a number (rig numbers, experience). */
export const label = z.union([strictName, strictNumber({ min: 0, max: Number.MAX_SAFE_INTEGER })]);

/**
 * The body's own rules (the fields it names; others pass through untouched), then the model's
 * schema for defaults and shape. The issues of a refused body name its fields.
 */
export function strictBody<S extends z.ZodType>(rules: z.ZodRawShape, model: S) {
  const gate = z.looseObject(rules);
  return z.preprocess((input, ctx) => {
    const checked = gate.safeParse(input);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input });
    }
    return z.NEVER;
  }, model);
}
