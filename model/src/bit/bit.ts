import { z } from 'zod';
import { MAX_DEPTH_METRES, strictBody, strictName } from '../strict/strict.ts';
import type { Brand, HoleId } from '../ids/ids.ts';
import { uuidKind } from '../ids/ids.ts';
import { numericField, optionalText, requiredText } from '../format/numbers.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type BitChangeId = Brand<string, 'BitChangeId'>;
export const BitChangeIds = uuidKind<BitChangeId>('BitChangeId');

/** Bit sizes a register entry may name (wireline core sizes). */
export const BIT_SIZES = [
  'AQ',
  'BQ',
  'NQ',
  'NQ2',
  'NQ3',
  'HQ',
  'HQ3',
  'PQ',
  'PQ3',
  'Other',
] as const;
export type BitSize = (typeof BIT_SIZES)[number];
export const BIT_STATUSES = ['in-use', 'spare', 'worn-out', 'lost'] as const;
export type BitStatus = (typeof BIT_STATUSES)[number];
/** How a status reads on a screen, the CSV and the report. */
export const BIT_STATUS_LABELS: Readonly<Record<BitStatus, string>> = {
  'in-use': 'In use',
  spare: 'Spare',
  'worn-out': 'Worn out',
  lost: 'Lost',
};
export const BIT_ACTIONS = ['in', 'out'] as const;
export type BitAction = (typeof BIT_ACTIONS)[number];

/** Longest bit serial. */
export const BIT_SERIAL_MAX_LENGTH = 40;
export const SERIAL_REQUIRED = 'Serial is required';
export const SERIAL_INVALID =
  'Serial may hold letters, digits, spaces and . _ / - (at most 40 characters)';
const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9 ._/-]*$/;

/**
 * A bit's serial as the register keys it: trimmed and upper-cased, so "ab-123 " and "AB-123" typed on
 * two phones name one bit.
 */
export function normaliseSerial(serial: string): string {
  return serial.trim().toUpperCase();
}

/** A serial as typed, normalised and checked. */
export const bitSerialSchema = z
  .string({ error: SERIAL_REQUIRED })
  .transform(normaliseSerial)
  .pipe(
    z
      .string()
      .min(1, SERIAL_REQUIRED)
      .max(BIT_SERIAL_MAX_LENGTH, SERIAL_INVALID)
      .regex(SERIAL_PATTERN, SERIAL_INVALID),
  );

/** A bit of the register. */
export interface RegisteredBit {
  serial: string;
  size: BitSize;
  /** The matrix (hardness series), e.g. "7-9". */
  matrix: string;
  status: BitStatus;
  registeredAt: string | null;
}

/** POST /api/bits: a bit to register (size NQ and status spare unless given). */
export const bitInputSchema = z.object({
  serial: bitSerialSchema,
  size: z.enum(BIT_SIZES).default('NQ'),
  matrix: z.string().trim().max(40).default(''),
  status: z.enum(BIT_STATUSES).default('spare'),
});
export type BitInput = z.input<typeof bitInputSchema>;

/** PUT /api/bits/{serial}: fields of a registered bit to change. */
export const bitPatchSchema = z.object({
  size: z.enum(BIT_SIZES).optional(),
  matrix: z.string().trim().max(40).optional(),
  status: z.enum(BIT_STATUSES).optional(),
});
export type BitPatch = z.input<typeof bitPatchSchema>;

/** A bit put in or pulled out of a hole at a depth, on a plod. */
export interface BitChange {
  id: BitChangeId;
  bitSerial: string;
  holeId: HoleId;
  action: BitAction;
  /** Metres down the hole. */
  depth: number;
  notes: string | null;
  createdAt: string | null;
}

export const DEPTH_MESSAGE = `Depth must be a number from 0 to ${MAX_DEPTH_METRES} m`;
const bitDepth = numericField({
  default: Number.NaN,
  fallback: Number.NaN,
  min: 0,
  max: MAX_DEPTH_METRES,
});

/** POST /api/bit-changes: a bit in or out. */
export const bitChangeInputSchema = z.object({
  bitSerial: bitSerialSchema,
  holeId: requiredText('Hole is required').max(64),
  action: z.enum(BIT_ACTIONS, { error: 'Action must be in or out' }),
  depth: bitDepth,
  notes: optionalText,
});
export type BitChangeInput = z.input<typeof bitChangeInputSchema>;

/** PUT /api/bit-changes/{id}. */
export const bitChangePatchSchema = z.object({
  bitSerial: bitSerialSchema.optional(),
  holeId: requiredText('Hole is required').max(64).optional(),
  action: z.enum(BIT_ACTIONS, { error: 'Action must be in or out' }).optional(),
  depth: bitDepth.optional(),
  notes: optionalText.optional(),
});
export type BitChangePatch = z.input<typeof bitChangePatchSchema>;

/** The strict body of POST /api/bits (text stays text; the schema above shapes it). */
export const bitCreateBody = strictBody(
  { serial: strictName, matrix: strictName.nullish() },
  bitInputSchema,
);
/** The strict body of PUT /api/bits/{serial}. */
export const bitUpdateBody = strictBody({ matrix: strictName.nullish() }, bitPatchSchema);
