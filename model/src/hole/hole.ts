import { z } from 'zod';
import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  DEPTH_WARNING_METRES,
  ORI_TOOL_LENGTH_METRES,
  RUNSHEET_DEFAULT_CONSTANT_STICK_UP,
  RUNSHEET_DEFAULT_TARGET_DEPTH,
} from '../constants/constants.ts';
import type { HoleId } from '../ids/ids.ts';
import { holeIdSchema } from '../ids/schemas.ts';
import { roundTo, toNumberOr } from '../format/numbers.ts';

export const HOLE_STATUSES = ['ACTIVE', 'COMPLETE'] as const;
export type HoleStatus = (typeof HOLE_STATUSES)[number];

/** The drilling configuration of a hole (SPEC 3 hole config, minus derived depth). */
export interface HoleConfig {
  holeId: HoleId;
  dip: number;
  azimuth: number;
  targetDepth: number;
  constantStickUp: number;
  hasOriExtension: boolean;
  oriToolLength: number;
  barrelType: string;
}

/** New-hole form: missing or non-numeric values take the SPEC defaults (dip -60, az 0, target 100, 0.5). */
function lenient(fallback: number) {
  return z
    .unknown()
    .optional()
    .transform((v) => toNumberOr(v, fallback));
}

/** POST /api/hole-config (targetDepth may come as text) and the Setup New Hole form. */
export const holeConfigInputSchema = z.object({
  holeId: holeIdSchema,
  dip: lenient(DEFAULT_HOLE_DIP),
  azimuth: lenient(DEFAULT_HOLE_AZIMUTH),
  targetDepth: lenient(DEFAULT_HOLE_TARGET_DEPTH),
  constantStickUp: lenient(DEFAULT_HOLE_CONSTANT_STICK_UP),
  hasOriExtension: z.boolean().default(false),
  barrelType: z.string().trim().min(1).default(DEFAULT_BARREL_TYPE),
});
export type HoleConfigInput = z.infer<typeof holeConfigInputSchema>;
export type HoleConfigDraft = z.input<typeof holeConfigInputSchema>;

/** Same as holeConfigInputSchema with the runsheet generation defaults (target 124.2, stick-up 0.1). */
export const runsheetHoleConfigInputSchema = holeConfigInputSchema.extend({
  targetDepth: lenient(RUNSHEET_DEFAULT_TARGET_DEPTH),
  constantStickUp: lenient(RUNSHEET_DEFAULT_CONSTANT_STICK_UP),
});

/**
 * Patch of a hole's configuration: only the fields given (no defaults, which would reset a setting
 * the patch does not name, such as the ori tool when only the target changes).
 */
export const holeConfigPatchSchema = z.object({
  dip: lenient(DEFAULT_HOLE_DIP).optional(),
  azimuth: lenient(DEFAULT_HOLE_AZIMUTH).optional(),
  targetDepth: lenient(DEFAULT_HOLE_TARGET_DEPTH).optional(),
  constantStickUp: lenient(DEFAULT_HOLE_CONSTANT_STICK_UP).optional(),
  hasOriExtension: z.boolean().optional(),
  barrelType: z.string().trim().min(1).optional(),
});
export type HoleConfigPatch = z.infer<typeof holeConfigPatchSchema>;
export type HoleConfigPatchDraft = z.input<typeof holeConfigPatchSchema>;

/** POST /api/hole-ids: { holeId }. */
export const holeIdBodySchema = z.object({ holeId: holeIdSchema });

/** Full config from a parsed input. */
export function holeConfigFromInput(input: HoleConfigInput): HoleConfig {
  return { ...input, oriToolLength: ORI_TOOL_LENGTH_METRES };
}

/** Start Drilling is enabled only with a non-blank Hole ID. */
export function canStartDrilling(holeIdText: string): boolean {
  return holeIdText.trim() !== '';
}

/** ACTIVE until depth reaches or exceeds target (or the hole was marked complete). */
export function holeStatus(
  currentDepth: number,
  targetDepth: number,
  isComplete = false,
): HoleStatus {
  return isComplete || currentDepth >= targetDepth ? 'COMPLETE' : 'ACTIVE';
}

/** Progress percent, capped at 100, one decimal. */
export function holeProgress(currentDepth: number, targetDepth: number): number {
  if (targetDepth <= 0) return 100;
  return roundTo(Math.min(100, Math.max(0, (currentDepth / targetDepth) * 100)), 1);
}

/** Metres still to drill, floored at 0. */
export function remainingDepth(currentDepth: number, targetDepth: number): number {
  return roundTo(Math.max(0, targetDepth - currentDepth), 3);
}

/** True when an active hole is within 6 m of target (the run-sheets card warning). */
export function isNearTarget(
  currentDepth: number,
  targetDepth: number,
  isComplete = false,
): boolean {
  return (
    holeStatus(currentDepth, targetDepth, isComplete) === 'ACTIVE' &&
    targetDepth - currentDepth <= DEPTH_WARNING_METRES
  );
}

const GENERATED_HOLE_ID = /^DH-(\d{4})-(\d{3,})$/;

/** Next hole id DH-{year}-{3-digit counter}, one past the highest of that year among existing ids. */
export function nextHoleId(existing: readonly string[], year: number): HoleId {
  let highest = 0;
  for (const id of existing) {
    const match = GENERATED_HOLE_ID.exec(id.trim());
    if (match && Number(match[1]) === year) highest = Math.max(highest, Number(match[2]));
  }
  return `DH-${year}-${String(highest + 1).padStart(3, '0')}` as HoleId;
}
