import { z } from 'zod';
import { SHIFT_TYPES } from './shift-type.ts';
import { TIME_OF_DAY_PATTERN } from './time.ts';

// The shift and time schemas, apart from time.ts so the helpers there stay zod-free.

export const shiftTypeSchema = z.enum(SHIFT_TYPES);

/** HH:MM in 24-hour time. */
export const timeOfDaySchema = z
  .string()
  .trim()
  .regex(TIME_OF_DAY_PATTERN, 'Time must be HH:MM (24-hour)');

/** ISO calendar day YYYY-MM-DD. */
export const isoDaySchema = z.iso.date();
