import { z } from 'zod';
import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_VARIABLE_STICK_UP,
  FIRST_RUN_BARREL_METRES,
  ORI_TOOL_LENGTH_METRES,
  ROD_RUN_METRES,
} from '../constants/constants.ts';
import type { HoleId, RunId } from '../ids/ids.ts';
import { holeIdSchema } from '../ids/schemas.ts';
import { numericField, optionalText, roundTo } from '../format/numbers.ts';

/**
 * Two ways of recording a run exist (SPEC 9): the Run Sheets modal ('run-sheet': rod added, variable
 * stick-up, ori tool) and the Add New Run screen ('add-run': rod or no rod, stick-up required).
 */
export const RUN_STYLES = ['run-sheet', 'add-run'] as const;
export const runStyleSchema = z.enum(RUN_STYLES);
export type RunStyle = z.infer<typeof runStyleSchema>;

export const STICK_UP_REQUIRED = 'Stick-up is required';

const requiredStickUp = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v) =>
    v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : Number(v),
  )
  .pipe(z.number({ error: STICK_UP_REQUIRED }).min(0));

const runSheetInput = z.object({
  style: z.literal('run-sheet').default('run-sheet'),
  rodAdded: z.boolean().default(true),
  stickUp: numericField({ default: DEFAULT_VARIABLE_STICK_UP, fallback: 0, min: 0 }),
  oriToolUsed: z.boolean().default(false),
  notes: optionalText,
});
const addRunInput = z.object({
  style: z.literal('add-run'),
  rodAdded: z.boolean().default(true),
  stickUp: requiredStickUp,
  oriToolUsed: z.boolean().default(false),
  notes: optionalText,
});

/** What a driller enters for a run; the style defaults to the Run Sheets modal. */
export const runInputSchema = z.union([runSheetInput, addRunInput]);
export type RunInput = z.infer<typeof runInputSchema>;
/** A run as a caller may pass it (defaults not yet applied). */
export type RunDraft = z.input<typeof runInputSchema>;

/** A run as stored: inputs only. Number, depths and length are derived from the hole's ordered runs. */
export interface StoredRun {
  id: RunId;
  holeId: HoleId;
  style: RunStyle;
  rodAdded: boolean;
  stickUp: number;
  oriToolUsed: boolean;
  notes: string | null;
  barrelType: string;
  createdAt: string | null;
}

/** A run with its derived place in the depth chain. */
export interface DerivedRun extends StoredRun {
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  length: number;
}

/** Where a hole's chain starts in a report: 0 m and run 1 for a new hole. */
export interface ChainStart {
  startDepth: number;
  startRunNumber: number;
  /** Stick-up left by the hole's last run in an earlier shift (a no-rod 'add-run' drills it). */
  startStickUp: number;
  constantStickUp: number;
}

export const NEW_HOLE_CHAIN_START: Omit<ChainStart, 'constantStickUp'> = {
  startDepth: 0,
  startRunNumber: 1,
  startStickUp: 0,
};

/** The stick-up a run leaves behind: the run-sheet modal asks for it only when a rod was added. */
function effectiveStickUp(run: Pick<StoredRun, 'style' | 'rodAdded' | 'stickUp'>): number {
  return run.style === 'run-sheet' && !run.rodAdded ? 0 : run.stickUp;
}

export interface RunContext {
  /** True for the hole's very first run (run number 1). */
  isFirstOfHole: boolean;
  previousStickUp: number;
  constantStickUp: number;
}

/** Run length by SPEC 9 for either style; never negative. */
export function runLength(
  run: Pick<StoredRun, 'style' | 'rodAdded' | 'stickUp' | 'oriToolUsed'>,
  context: RunContext,
): number {
  let base: number;
  if (run.style === 'run-sheet') {
    if (context.isFirstOfHole) {
      base = FIRST_RUN_BARREL_METRES - effectiveStickUp(run) - context.constantStickUp;
    } else {
      base = run.rodAdded ? ROD_RUN_METRES - run.stickUp : 0;
    }
  } else if (context.isFirstOfHole) {
    base = FIRST_RUN_BARREL_METRES;
  } else {
    base = run.rodAdded ? Math.max(0, ROD_RUN_METRES - run.stickUp) : context.previousStickUp;
  }
  const withOri = base + (run.oriToolUsed ? ORI_TOOL_LENGTH_METRES : 0);
  return roundTo(Math.max(0, withOri), 3);
}

/** Numbers and chains the merged, ordered runs of one hole: each run starts where the previous ended. */
export function deriveRunChain(runs: readonly StoredRun[], start: ChainStart): DerivedRun[] {
  const derived: DerivedRun[] = [];
  let depth = start.startDepth;
  let previousStickUp = start.startStickUp;
  runs.forEach((run, index) => {
    const runNumber = start.startRunNumber + index;
    const length = runLength(run, {
      isFirstOfHole: runNumber === 1,
      previousStickUp,
      constantStickUp: start.constantStickUp,
    });
    const toDepth = roundTo(depth + length, 3);
    derived.push({ ...run, runNumber, fromDepth: depth, toDepth, length });
    depth = toDepth;
    previousStickUp = effectiveStickUp(run);
  });
  return derived;
}

/** Depth at the end of a chain (its start when there are no runs). */
export function chainDepth(
  chain: readonly DerivedRun[],
  start: Pick<ChainStart, 'startDepth'>,
): number {
  return chain.at(-1)?.toDepth ?? start.startDepth;
}

export type RunRefusal = 'zero-length' | 'no-rod-first-run';

/** Why a run may not be added, or null (SPEC 5: Add Run disabled when no rod and length 0). */
export function runRefusal(input: RunInput, context: RunContext): RunRefusal | null {
  if (input.style === 'add-run' && context.isFirstOfHole && !input.rodAdded)
    return 'no-rod-first-run';
  if (!input.rodAdded && runLength(input, context) === 0) return 'zero-length';
  return null;
}

/** True when the Add Run button is enabled for this input. */
export function canAddRun(input: RunInput, context: RunContext): boolean {
  return runRefusal(input, context) === null;
}

/** The context in which the next run of a chain is measured. */
export function nextRunContext(chain: readonly DerivedRun[], start: ChainStart): RunContext {
  const previous = chain.at(-1);
  return {
    isFirstOfHole: start.startRunNumber + chain.length === 1,
    previousStickUp: previous ? effectiveStickUp(previous) : start.startStickUp,
    constantStickUp: start.constantStickUp,
  };
}

/** The next run of a chain as the Calculation Preview shows it. */
export function previewNextRun(
  chain: readonly DerivedRun[],
  start: ChainStart,
  input: RunInput,
): Pick<DerivedRun, 'runNumber' | 'fromDepth' | 'toDepth' | 'length'> {
  const runNumber = start.startRunNumber + chain.length;
  const fromDepth = chainDepth(chain, start);
  const length = runLength(input, nextRunContext(chain, start));
  return { runNumber, fromDepth, toDepth: roundTo(fromDepth + length, 3), length };
}

/** POST /api/run-sheet-entries: depths and numbers are derived, so only inputs are taken from it. */
export const runSheetEntryBodySchema = z.object({
  holeId: holeIdSchema,
  rodAdded: z.boolean().default(true),
  stickUp: numericField({ default: DEFAULT_VARIABLE_STICK_UP, fallback: 0, min: 0 }),
  oriExtension: z.boolean().default(false),
  notes: optionalText,
  barrelType: z.string().trim().min(1).default(DEFAULT_BARREL_TYPE),
  runNumber: z.unknown().optional(),
  fromDepth: z.unknown().optional(),
  toDepth: z.unknown().optional(),
  interval: z.unknown().optional(),
  oriPassed: z.boolean().optional(),
});

/** The run input a run-sheet entry body stands for. */
export function runInputFromRunSheetEntry(body: z.infer<typeof runSheetEntryBodySchema>): RunInput {
  return {
    style: 'run-sheet',
    rodAdded: body.rodAdded,
    stickUp: body.stickUp,
    oriToolUsed: body.oriExtension,
    notes: body.notes,
  };
}

/** POST /api/runs (second style): a run with rods added, or none. */
export const runsBodySchema = z.object({
  holeId: holeIdSchema,
  rodsCount: numericField({ default: 1, int: true, min: 0 }),
  stickUp: requiredStickUp,
  notes: optionalText,
  runNumber: z.unknown().optional(),
  barrelCount: z.unknown().optional(),
  calculatedDepth: z.unknown().optional(),
});

/** The run input a /api/runs body stands for. */
export function runInputFromRunsBody(body: z.infer<typeof runsBodySchema>): RunInput {
  return {
    style: 'add-run',
    rodAdded: body.rodsCount > 0,
    stickUp: body.stickUp,
    oriToolUsed: false,
    notes: body.notes,
  };
}
