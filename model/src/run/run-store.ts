import * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId, RunId } from '../ids/ids.ts';
import { DEFAULT_BARREL_TYPE } from '../constants/constants.ts';
import { reportRuns } from '../kernel/report-keys.ts';
import type { RecordedRun, RunContext, RunMeasureInput, StoredRun } from './run.ts';
import { ownStickUp, runStyleSchema } from './run.ts';
import { lenient } from '../docs/lenient.ts';
import { memoEntry } from '../docs/entry-memo.ts';

/**
 * A run's measurement is one stored value (inputs, context and length together), so two phones
 * editing one run apart leave one whole, consistent measurement rather than one phone's stick-up
 * with the other's length. The inputs are also kept as plain fields, which versions before schema 3
 * read.
 */
export const RUN_MEASURE_KEY = 'measure';

const measureSchema = z.object({
  rodAdded: z.boolean(),
  stickUp: z.number().min(0),
  oriToolUsed: z.boolean(),
  length: z.number().min(0),
  isFirstOfHole: z.boolean(),
  previousStickUp: z.number().min(0),
  constantStickUp: z.number(),
});
export type StoredMeasure = z.infer<typeof measureSchema>;

const storedRunSchema = z.object({
  id: z.string(),
  holeId: z.string(),
  style: lenient(runStyleSchema, 'run-sheet'),
  rodAdded: lenient(z.boolean(), true),
  stickUp: lenient(z.number().min(0), 0),
  oriToolUsed: lenient(z.boolean(), false),
  notes: lenient(z.string().nullable(), null),
  barrelType: lenient(z.string(), DEFAULT_BARREL_TYPE),
  createdAt: lenient(z.string().nullable(), null),
  // Missing on runs recorded before core recovery (and on runs that recorded none): not recorded.
  recoveredLength: lenient(z.number().min(0).nullable(), null),
  [RUN_MEASURE_KEY]: lenient(measureSchema.nullable(), null),
});

/** The stored value of a run measured with these inputs in this context. */
export function storedMeasure(
  input: Omit<RunMeasureInput, 'style'>,
  recorded: RecordedRun,
): StoredMeasure {
  return {
    rodAdded: input.rodAdded,
    // A run without a rod has no stick-up of its own (both screens): whatever a caller sent is 0.
    stickUp: ownStickUp(input),
    oriToolUsed: input.oriToolUsed,
    length: recorded.length,
    ...recorded.context,
  };
}

function recordedOf(measure: StoredMeasure): RecordedRun {
  const context: RunContext = {
    isFirstOfHole: measure.isFirstOfHole,
    previousStickUp: measure.previousStickUp,
    constantStickUp: measure.constantStickUp,
  };
  return { length: measure.length, context };
}

/**
 * All runs of the report in merged order. A run without an id or hole cannot be placed in any chain, so
 * it is skipped rather than guessed at; the mutations never write one.
 */
export function readStoredRuns(doc: Y.Doc): StoredRun[] {
  const runs: StoredRun[] = [];
  for (const entry of reportRuns(doc).toArray()) {
    if (!(entry instanceof Y.Map)) continue;
    // Each run is parsed once per change of it, not on every read of the report.
    const run = memoEntry(entry, STORED_RUN, storedRunOf);
    if (run) runs.push(run);
  }
  return runs;
}

const STORED_RUN = {};

function storedRunOf(entry: Y.Map<unknown>): StoredRun | null {
  const parsed = storedRunSchema.safeParse(entry.toJSON());
  if (!parsed.success) return null;
  const { measure, ...run } = parsed.data;
  return {
    ...run,
    // The measurement is what the run recorded; the plain fields are a copy for older versions.
    ...(measure && {
      rodAdded: measure.rodAdded,
      stickUp: measure.stickUp,
      oriToolUsed: measure.oriToolUsed,
    }),
    id: run.id as RunId,
    holeId: run.holeId as HoleId,
    recorded: measure ? recordedOf(measure) : null,
  };
}

/** Index of a run in the runs array, or -1. */
export function runIndex(doc: Y.Doc, id: RunId): number {
  return reportRuns(doc)
    .toArray()
    .findIndex((entry) => entry instanceof Y.Map && entry.get('id') === id);
}
