import { z } from 'zod';
import { siteIdSchema } from '../ids/schemas.ts';
import { TIMESHEET_ACTIVITIES, timesheetActivitySchema } from '../timesheet/timesheet.ts';
import type { TimesheetActivity } from '../timesheet/timesheet.ts';

/**
 * A drilling contract of a site: who is invoiced and under which number. Its prices are in its
 * versions, each in force from its effective date until the next one's. Contracts live in the app
 * database, never in a Yjs document every crew device reads.
 */
export interface Contract {
  id: string;
  siteId: string;
  clientName: string;
  contractNumber: string;
  createdAt: string;
  createdBy: string | null;
}

/** Metres between two depths of one hole size, at a rate per metre (cents). */
export interface MetreRate {
  holeSize: string;
  fromDepth: number;
  toDepth: number;
  rateCents: number;
}

/** Hours of a timesheet activity, at a rate per hour (cents). */
export interface HourlyRate {
  activity: TimesheetActivity;
  rateCents: number;
}

/** Hours of one chargeable downtime code, at a rate per hour (cents). */
export interface StandbyRate {
  codeId: string;
  /** The code's name when the rate was set (how the Contracts screen lists it). */
  codeName: string;
  rateCents: number;
}

/** When a fixed line is charged. */
export const FIXED_LINE_BASES = ['per-plod', 'per-hole-collared', 'per-mob-demob'] as const;
export type FixedLineBasis = (typeof FIXED_LINE_BASES)[number];
export const FIXED_LINE_BASIS_LABELS: Readonly<Record<FixedLineBasis, string>> = {
  'per-plod': 'Every plod',
  'per-hole-collared': 'Each hole collared (a run from 0 m)',
  'per-mob-demob': 'A plod with mob / demob downtime',
};

/** A fixed amount (mob/demob, setup per hole...), charged on its basis. */
export interface FixedLine {
  description: string;
  basis: FixedLineBasis;
  amountCents: number;
}

/** The prices of a contract from one effective date. */
export interface ContractRates {
  metreRates: MetreRate[];
  hourlyRates: HourlyRate[];
  standbyRates: StandbyRate[];
  /** Rate per hour of a chargeable downtime code without a rate of its own; null: none. */
  standbyDefaultRateCents: number | null;
  fixedLines: FixedLine[];
  /** Hire tools at the rate each usage row carries. */
  chargeHireTools: boolean;
  /** Consumables at the list price each entry copied. */
  chargeConsumables: boolean;
}

export interface ContractVersion {
  id: string;
  contractId: string;
  /** YYYY-MM-DD: the first shift date the version prices. */
  effectiveFrom: string;
  rates: ContractRates;
  createdAt: string;
  createdBy: string | null;
}

export const CLIENT_NAME_REQUIRED = 'Client name is required';
export const CONTRACT_NUMBER_REQUIRED = 'Contract number is required';
export const EFFECTIVE_DATE_INVALID = 'Effective date must be a day (YYYY-MM-DD)';
export const RATE_INVALID = 'A rate is a whole number of cents, 0 or more';
export const BAND_INVALID = 'A band ends deeper than it starts';
export const BAND_OVERLAP = 'Bands of one hole size must not overlap';
export const HOLE_SIZE_REQUIRED = 'Hole size is required';
export const DESCRIPTION_REQUIRED = 'Description is required';

const cents = z.number({ error: RATE_INVALID }).int(RATE_INVALID).min(0, RATE_INVALID);
const depth = z.number().min(0).max(10_000);
const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);

const metreRateSchema = z
  .object({
    holeSize: text(HOLE_SIZE_REQUIRED),
    fromDepth: depth,
    toDepth: depth,
    rateCents: cents,
  })
  .refine((band) => band.toDepth > band.fromDepth, { message: BAND_INVALID, path: ['toDepth'] });

export const contractRatesSchema = z
  .object({
    metreRates: z.array(metreRateSchema).max(200).default([]),
    hourlyRates: z
      .array(z.object({ activity: timesheetActivitySchema, rateCents: cents }))
      .max(TIMESHEET_ACTIVITIES.length)
      .default([]),
    standbyRates: z
      .array(
        z.object({
          codeId: text('Downtime code is required'),
          codeName: z.string().trim().max(200).default(''),
          rateCents: cents,
        }),
      )
      .max(100)
      .default([]),
    standbyDefaultRateCents: cents.nullable().default(null),
    fixedLines: z
      .array(
        z.object({
          description: text(DESCRIPTION_REQUIRED),
          basis: z.enum(FIXED_LINE_BASES),
          amountCents: cents,
        }),
      )
      .max(50)
      .default([]),
    chargeHireTools: z.boolean().default(true),
    chargeConsumables: z.boolean().default(true),
  })
  .superRefine((rates, ctx) => {
    rates.metreRates.forEach((band, i) => {
      const overlaps = rates.metreRates.some(
        (other, j) =>
          j < i &&
          other.holeSize === band.holeSize &&
          other.fromDepth < band.toDepth &&
          band.fromDepth < other.toDepth,
      );
      if (overlaps)
        ctx.addIssue({ code: 'custom', path: ['metreRates', i], message: BAND_OVERLAP });
    });
  });

/** POST /api/contracts. */
export const contractCreateSchema = z.object({
  siteId: siteIdSchema,
  clientName: text(CLIENT_NAME_REQUIRED),
  contractNumber: text(CONTRACT_NUMBER_REQUIRED),
});
export type ContractCreate = z.input<typeof contractCreateSchema>;

/** PUT /api/contracts/{id}: a contract stays on its site. */
export const contractUpdateSchema = z.object({
  clientName: text(CLIENT_NAME_REQUIRED).optional(),
  contractNumber: text(CONTRACT_NUMBER_REQUIRED).optional(),
});
export type ContractUpdate = z.input<typeof contractUpdateSchema>;

/** POST /api/contracts/{id}/versions. */
export const contractVersionInputSchema = z.object({
  effectiveFrom: z.iso.date({ error: EFFECTIVE_DATE_INVALID }),
  rates: contractRatesSchema,
});
export type ContractVersionInput = z.input<typeof contractVersionInputSchema>;

/** A contract's version in force on `date` (the latest effective on or before it), or null. */
export function versionInForce<V extends Pick<ContractVersion, 'effectiveFrom'>>(
  versions: readonly V[],
  date: string | null,
): V | null {
  if (date === null) return null;
  let found: V | null = null;
  for (const version of versions) {
    if (version.effectiveFrom > date) continue;
    if (found === null || version.effectiveFrom >= found.effectiveFrom) found = version;
  }
  return found;
}

/** Cents as dollars with two decimals and thousands separators: 123456 -> "1,234.56". */
export function formatCents(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
