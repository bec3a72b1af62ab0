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
import { optionalText, roundTo } from '../format/numbers.ts';

/**
 * Two ways of recording a run exist (SPEC 9): the Run Sheets modal ('run-sheet': rod added, variable
 * stick-up, ori tool) and the Add New Run screen ('add-run': rod or no rod, stick-up required). They
 * share one first-run rule (the 4 m barrel less the run's stick-up and the hole's constant stick-up)
 * and differ only in what a run without a rod drills.
 */
export const RUN_STYLES = ['run-sheet', 'add-run'] as const;
export const runStyleSchema = z.enum(RUN_STYLES);
export type RunStyle = z.infer<typeof runStyleSchema>;

export const STICK_UP_REQUIRED = 'Stick-up is required';

/** Any run's stick-up: a number of metres from 0 to the longest barrel (the first run's). */
const stickUpMetres = z
  .number({ error: STICK_UP_REQUIRED })
  .min(0, 'Stick-up must be 0 m or more')
  .max(FIRST_RUN_BARREL_METRES, `Stick-up must be at most ${FIRST_RUN_BARREL_METRES} m`);

/** Core recovered on a run, in metres; null (or absent) when not recorded. */
export const recoveredLengthSchema = z
  .number({ error: 'recoveredLength must be a number of metres' })
  .min(0, 'recoveredLength must be 0 m or more')
  .nullable();

const runSheetInput = z.object({
  style: z.literal('run-sheet').default('run-sheet'),
  rodAdded: z.boolean().default(true),
  stickUp: stickUpMetres.default(DEFAULT_VARIABLE_STICK_UP),
  oriToolUsed: z.boolean().default(false),
  notes: optionalText,
  recoveredLength: recoveredLengthSchema.default(null),
});
const addRunInput = z.object({
  style: z.literal('add-run'),
  rodAdded: z.boolean().default(true),
  stickUp: stickUpMetres,
  oriToolUsed: z.boolean().default(false),
  notes: optionalText,
  recoveredLength: recoveredLengthSchema.default(null),
});

/** What a driller enters for a run; the style defaults to the Run Sheets modal. Numbers only. */
export const runInputSchema = z.union([runSheetInput, addRunInput]);
export type RunInput = z.infer<typeof runInputSchema>;
/** A run as a caller may pass it (defaults not yet applied). */
export type RunDraft = z.input<typeof runInputSchema>;

/** The inputs a run's length depends on. */
export type RunMeasureInput = Pick<RunInput, 'style' | 'rodAdded' | 'stickUp' | 'oriToolUsed'>;

/** Where a run sat when it was measured: what its length was worked out from. */
export interface RunContext {
  /** True for the hole's very first run (run number 1). */
  isFirstOfHole: boolean;
  previousStickUp: number;
  constantStickUp: number;
}

/** What a run measured when it was recorded; its length never changes unless the run is edited. */
export interface RecordedRun {
  length: number;
  context: RunContext;
}

/** A run as stored: its inputs and what it measured. Number and depths come from the hole's runs. */
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
  /** Core recovered on the run, in metres; null when not recorded (every run made before it was). */
  recoveredLength: number | null;
  /** Null for a run recorded before runs kept their measurement: its length follows the chain. */
  recorded: RecordedRun | null;
}

/** A run with its place in the depth chain. */
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

/** The stick-up a run records as its own: none without a rod (the one run rule of both screens). */
export function ownStickUp(run: Pick<RunMeasureInput, 'rodAdded' | 'stickUp'>): number {
  return run.rodAdded ? run.stickUp : 0;
}

/**
 * The stick-up a run leaves behind. Neither screen asks for one without a rod (a no-rod run is stored
 * with 0); a Run Sheets run from before that rule may hold the form's default, which never counted.
 */
export function effectiveStickUp(run: Pick<StoredRun, 'style' | 'rodAdded' | 'stickUp'>): number {
  return run.style === 'run-sheet' && !run.rodAdded ? 0 : run.stickUp;
}

/** Length of the barrel or rod a run adds: the 4 m barrel on a hole's first run, else a 3 m rod. */
export function runBarrelMetres(context: Pick<RunContext, 'isFirstOfHole'>): number {
  return context.isFirstOfHole ? FIRST_RUN_BARREL_METRES : ROD_RUN_METRES;
}

/**
 * Run length (SPEC 9), one rule for both screens (the Run Sheets pop-up and Add New Run): a hole's
 * first run is the 4 m barrel less the run's stick-up and the hole's constant stick-up (only metres
 * below the collar are drilled, and billed); a later run with a rod is 3 m less its stick-up; a run
 * without a rod drills the stick-up the previous run left, and leaves none (it has no stick-up of its
 * own, see `asksStickUp`). The ori tool adds 0.4 m. Never negative.
 */
export function runLength(run: RunMeasureInput, context: RunContext): number {
  let base: number;
  if (context.isFirstOfHole) {
    base = FIRST_RUN_BARREL_METRES - effectiveStickUp(run) - context.constantStickUp;
  } else if (run.rodAdded) {
    base = ROD_RUN_METRES - run.stickUp;
  } else {
    base = context.previousStickUp;
  }
  return roundTo(Math.max(0, base + (run.oriToolUsed ? ORI_TOOL_LENGTH_METRES : 0)), 3);
}

/**
 * The length rule of runs recorded before schema 3, which stored no measurement: the Add New Run
 * screen's first run was the full 4 m barrel. Kept so those runs read as they always did.
 */
export function legacyRunLength(run: RunMeasureInput, context: RunContext): number {
  // Then, the Run Sheets modal's run without a rod drilled 0 m.
  if (run.style === 'run-sheet' && !run.rodAdded && !context.isFirstOfHole) {
    return roundTo(run.oriToolUsed ? ORI_TOOL_LENGTH_METRES : 0, 3);
  }
  if (run.style === 'run-sheet') return runLength(run, context);
  let base: number;
  if (context.isFirstOfHole) base = FIRST_RUN_BARREL_METRES;
  else base = run.rodAdded ? Math.max(0, ROD_RUN_METRES - run.stickUp) : context.previousStickUp;
  return roundTo(Math.max(0, base + (run.oriToolUsed ? ORI_TOOL_LENGTH_METRES : 0)), 3);
}

/** Measure a run where it is recorded. */
export function measureRun(input: RunMeasureInput, context: RunContext): RecordedRun {
  return { length: runLength(input, context), context };
}

/**
 * Numbers and chains the merged, ordered runs of one hole: each run starts where the previous ended
 * and is as long as it measured when recorded (a merge can move a run, never lengthen it).
 */
export function deriveRunChain(runs: readonly StoredRun[], start: ChainStart): DerivedRun[] {
  const first = runs[0];
  const kept = first ? chains.get(first) : undefined;
  // A chain read again after a run was added or changed: the runs before the first that differs
  // (the very same objects, see readStoredRuns) keep their place, and only the rest is chained.
  let same = 0;
  if (kept && sameStart(kept.start, start)) {
    const limit = Math.min(kept.runs.length, runs.length);
    while (same < limit && kept.runs[same] === runs[same]) same += 1;
  }
  const derived: DerivedRun[] = kept ? kept.derived.slice(0, same) : [];
  let depth = derived.at(-1)?.toDepth ?? start.startDepth;
  const before = same > 0 ? runs[same - 1] : undefined;
  let previousStickUp = before ? effectiveStickUp(before) : start.startStickUp;
  runs.slice(same).forEach((run, offset) => {
    const runNumber = start.startRunNumber + same + offset;
    const length =
      run.recorded?.length ??
      legacyRunLength(run, {
        isFirstOfHole: runNumber === 1,
        previousStickUp,
        constantStickUp: start.constantStickUp,
      });
    const toDepth = roundTo(depth + length, 3);
    derived.push({ ...run, runNumber, fromDepth: depth, toDepth, length });
    depth = toDepth;
    previousStickUp = effectiveStickUp(run);
  });
  if (first) chains.set(first, { start: { ...start }, runs: [...runs], derived: [...derived] });
  return derived;
}

/**
 * The last chain derived from runs starting with this run, so that deriving it again after one more
 * run costs one run, not the whole chain (a hole of a thousand runs is read on every add). Keyed by
 * the run object, so it goes when the run's read does.
 */
const chains = new WeakMap<
  StoredRun,
  { start: ChainStart; runs: readonly StoredRun[]; derived: readonly DerivedRun[] }
>();

function sameStart(a: ChainStart, b: ChainStart): boolean {
  return (
    a.startDepth === b.startDepth &&
    a.startRunNumber === b.startRunNumber &&
    a.startStickUp === b.startStickUp &&
    a.constantStickUp === b.constantStickUp
  );
}

/** Depth at the end of a chain (its start when there are no runs). */
export function chainDepth(
  chain: readonly DerivedRun[],
  start: Pick<ChainStart, 'startDepth'>,
): number {
  return chain.at(-1)?.toDepth ?? start.startDepth;
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
  input: RunMeasureInput,
): Pick<DerivedRun, 'runNumber' | 'fromDepth' | 'toDepth' | 'length'> {
  const runNumber = start.startRunNumber + chain.length;
  const fromDepth = chainDepth(chain, start);
  const length = runLength(input, nextRunContext(chain, start));
  return { runNumber, fromDepth, toDepth: roundTo(fromDepth + length, 3), length };
}

/** The context a run of a chain is measured in: what it recorded, or (before schema 3) its place. */
export function runContextIn(
  chain: readonly DerivedRun[],
  index: number,
  start: ChainStart,
): RunContext {
  return chain[index]?.recorded?.context ?? nextRunContext(chain.slice(0, index), start);
}

/** A run of a chain as an edit would leave it: same place, the edited inputs' length. */
export function previewEditedRun(
  chain: readonly DerivedRun[],
  index: number,
  start: ChainStart,
  input: RunMeasureInput,
): Pick<DerivedRun, 'runNumber' | 'fromDepth' | 'toDepth' | 'length'> {
  const fromDepth = chain[index]?.fromDepth ?? chainDepth(chain, start);
  const length = runLength(input, runContextIn(chain, index, start));
  return {
    runNumber: start.startRunNumber + index,
    fromDepth,
    toDepth: roundTo(fromDepth + length, 3),
    length,
  };
}

/** A REST stick-up: a JSON number of metres (text is refused, never read as a number). */
const restStickUp = z
  .number({ error: 'stickUp must be a number of metres' })
  .min(0, 'stickUp must be 0 m or more')
  .max(FIRST_RUN_BARREL_METRES, `stickUp must be at most ${FIRST_RUN_BARREL_METRES} m`);

/** POST /api/run-sheet-entries: depths and numbers are derived, so only inputs are taken from it. */
export const runSheetEntryBodySchema = z.object({
  holeId: holeIdSchema,
  rodAdded: z.boolean().default(true),
  stickUp: restStickUp.default(DEFAULT_VARIABLE_STICK_UP),
  oriExtension: z.boolean().default(false),
  notes: optionalText,
  barrelType: z.string().trim().min(1).default(DEFAULT_BARREL_TYPE),
  runNumber: z.unknown().optional(),
  fromDepth: z.unknown().optional(),
  toDepth: z.unknown().optional(),
  interval: z.unknown().optional(),
  oriPassed: z.boolean().optional(),
  recoveredLength: recoveredLengthSchema.default(null),
});

/** The run input a run-sheet entry body stands for. */
export function runInputFromRunSheetEntry(body: z.infer<typeof runSheetEntryBodySchema>): RunInput {
  return {
    style: 'run-sheet',
    rodAdded: body.rodAdded,
    stickUp: body.stickUp,
    oriToolUsed: body.oriExtension,
    notes: body.notes,
    recoveredLength: body.recoveredLength,
  };
}

/** POST /api/runs (second style): a run with rods added, or none; the stick-up is required. */
export const runsBodySchema = z.object({
  holeId: holeIdSchema,
  rodsCount: z
    .number({ error: 'rodsCount must be a whole number' })
    .int('rodsCount must be a whole number')
    .min(0, 'rodsCount must be 0 or more')
    .default(1),
  stickUp: z.number({ error: STICK_UP_REQUIRED }).pipe(restStickUp),
  notes: optionalText,
  runNumber: z.unknown().optional(),
  barrelCount: z.unknown().optional(),
  calculatedDepth: z.unknown().optional(),
  recoveredLength: recoveredLengthSchema.default(null),
});

/** The run input a /api/runs body stands for. */
export function runInputFromRunsBody(body: z.infer<typeof runsBodySchema>): RunInput {
  return {
    style: 'add-run',
    rodAdded: body.rodsCount > 0,
    stickUp: body.stickUp,
    oriToolUsed: false,
    notes: body.notes,
    recoveredLength: body.recoveredLength,
  };
}
