import type * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId, RunId } from '../ids/ids.ts';
import { RunIds } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { newEntry, nowIso, setFields } from '../docs/entries.ts';
import { optionalText } from '../format/numbers.ts';
import { reportRuns } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import { readReportHoles } from '../hole/report-hole-doc.ts';
import { DEFAULT_BARREL_TYPE, FIRST_RUN_BARREL_METRES } from '../constants/constants.ts';
import type { RunContext, RunDraft, RunMeasureInput } from './run.ts';
import {
  measureRun,
  nextRunContext,
  ownStickUp,
  recoveredLengthSchema,
  runContextIn,
  runInputSchema,
} from './run.ts';
import { runRefusal, runRefusalMessage } from './run-rules.ts';
import { recoveryRefusal, recoveryRefusalMessage } from './recovery.ts';
import { RUN_MEASURE_KEY, runIndex, storedMeasure } from './run-store.ts';

function refuseIfNotAllowed(input: RunMeasureInput, context: RunContext): void {
  const refusal = runRefusal(input, context);
  if (refusal) throw new ModelError('run-not-allowed', runRefusalMessage(refusal, context));
}

/** The one recovery rule of both screens and REST: never over the run's length, none from 0 m. */
function refuseRecoveryIfNotAllowed(recovered: number | null, length: number): void {
  const refusal = recoveryRefusal(recovered, length);
  if (refusal) throw new ModelError('run-not-allowed', recoveryRefusalMessage(refusal, length));
}

/**
 * Append a run to a hole of this report. The run records its inputs and what it measured where it
 * was added; number and depths come from the merged order. Refused (ModelError) when the hole is not
 * in the report, is COMPLETE, or the run would break the Add Run rules.
 */
export function addRun(doc: Y.Doc, holeId: HoleId, input: RunDraft): RunId {
  const parsed = runInputSchema.parse(input);
  const hole = readReportHoles(doc).find((h) => h.holeId === holeId);
  if (!hole) throw new ModelError('not-found', `Hole ${holeId} is not part of this report`);
  if (hole.status === 'COMPLETE')
    throw new ModelError('hole-complete', `Hole ${holeId} is complete`);
  const context = nextRunContext(hole.runs, hole);
  refuseIfNotAllowed(parsed, context);
  const measured = measureRun(parsed, context);
  refuseRecoveryIfNotAllowed(parsed.recoveredLength, measured.length);
  const id = RunIds.create();
  const { recoveredLength, ...inputs } = parsed;
  mutateReport(doc, () => {
    const entry = newEntry({
      id,
      holeId,
      ...inputs,
      // Not recorded is no field at all, as on every run made before recovery was recorded.
      ...(recoveredLength !== null && { recoveredLength }),
      // One rule on both screens: a run without a rod has no stick-up of its own.
      stickUp: ownStickUp(parsed),
      barrelType: hole.barrelType || DEFAULT_BARREL_TYPE,
      createdAt: nowIso(),
    });
    entry.set(RUN_MEASURE_KEY, storedMeasure(parsed, measured));
    reportRuns(doc).push([entry]);
  });
  return id;
}

export const runPatchSchema = z.object({
  rodAdded: z.boolean().optional(),
  stickUp: z
    .number({ error: 'stickUp must be a number of metres' })
    .min(0, 'stickUp must be 0 m or more')
    .max(FIRST_RUN_BARREL_METRES, `stickUp must be at most ${FIRST_RUN_BARREL_METRES} m`)
    .optional(),
  oriToolUsed: z.boolean().optional(),
  notes: optionalText.optional(),
  /** Null clears it (not recorded). */
  recoveredLength: recoveredLengthSchema.optional(),
});
export type RunPatch = z.input<typeof runPatchSchema>;

/**
 * Correct a run. Changing what it measured re-measures it where it was recorded (so a run that
 * was its hole's first stays measured as one); later runs move with it and keep their lengths.
 */
export function updateRun(doc: Y.Doc, id: RunId, patch: RunPatch): void {
  const parsed = runPatchSchema.parse(patch);
  const index = runIndex(doc, id);
  const entry = index < 0 ? undefined : reportRuns(doc).get(index);
  const hole = readReportHoles(doc).find((h) => h.runs.some((r) => r.id === id));
  const at = hole?.runs.findIndex((r) => r.id === id) ?? -1;
  const run = hole?.runs[at];
  if (!entry || !hole || !run) throw new ModelError('not-found', `Run ${id} not found`);
  const next: RunMeasureInput = {
    style: run.style,
    rodAdded: parsed.rodAdded ?? run.rodAdded,
    stickUp: parsed.stickUp ?? run.stickUp,
    oriToolUsed: parsed.oriToolUsed ?? run.oriToolUsed,
  };
  const remeasure =
    next.rodAdded !== run.rodAdded ||
    next.stickUp !== run.stickUp ||
    next.oriToolUsed !== run.oriToolUsed;
  const context = runContextIn(hole.runs, at, hole);
  if (remeasure) refuseIfNotAllowed(next, context);
  const measured = remeasure ? measureRun(next, context) : null;
  const recovered =
    parsed.recoveredLength === undefined ? run.recoveredLength : parsed.recoveredLength;
  const recoveryChanged = recovered !== run.recoveredLength;
  // A recovery already over a length a merge left is shown as it is; a change must fit the run.
  if (recoveryChanged || remeasure)
    refuseRecoveryIfNotAllowed(recovered, measured?.length ?? run.length);
  mutateReport(doc, () => {
    if (parsed.notes !== undefined && parsed.notes !== run.notes) entry.set('notes', parsed.notes);
    if (recoveryChanged) entry.set('recoveredLength', recovered);
    if (!measured) return;
    setFields(entry, {
      rodAdded: next.rodAdded,
      stickUp: ownStickUp(next),
      oriToolUsed: next.oriToolUsed,
    });
    entry.set(RUN_MEASURE_KEY, storedMeasure(next, measured));
  });
}

/** Remove a run; later runs of the hole move up the chain, each keeping its length. */
export function removeRun(doc: Y.Doc, id: RunId): boolean {
  const index = runIndex(doc, id);
  if (index < 0) return false;
  mutateReport(doc, () => reportRuns(doc).delete(index, 1));
  return true;
}
