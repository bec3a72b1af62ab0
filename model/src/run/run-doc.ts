import type * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId, RunId } from '../ids/ids.ts';
import { RunIds } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { newEntry, nowIso, setFields } from '../docs/entries.ts';
import { optionalText } from '../format/numbers.ts';
import { reportRuns } from '../report-doc/keys.ts';
import { mutateReport } from '../report-doc/mutate.ts';
import { readReportHoles } from '../hole/report-hole-doc.ts';
import { DEFAULT_BARREL_TYPE } from '../constants/constants.ts';
import type { RunDraft, RunRefusal } from './run.ts';
import { nextRunContext, runInputSchema, runRefusal } from './run.ts';
import { runIndex } from './run-store.ts';

export const RUN_REFUSAL_MESSAGES: Readonly<Record<RunRefusal, string>> = {
  'zero-length': 'A run without a rod must drill more than 0 m',
  'no-rod-first-run': 'The first run of a hole needs a rod',
};

/**
 * Append a run to a hole of this report. Only the inputs are stored; number and depths come from the
 * merged order. Refused (ModelError) when the hole is not in the report, is COMPLETE, or the run would
 * break the Add Run rule.
 */
export function addRun(doc: Y.Doc, holeId: HoleId, input: RunDraft): RunId {
  const parsed = runInputSchema.parse(input);
  const hole = readReportHoles(doc).find((h) => h.holeId === holeId);
  if (!hole) throw new ModelError('not-found', `Hole ${holeId} is not part of this report`);
  if (hole.status === 'COMPLETE')
    throw new ModelError('hole-complete', `Hole ${holeId} is complete`);
  const refusal = runRefusal(parsed, nextRunContext(hole.runs, hole));
  if (refusal) throw new ModelError('run-not-allowed', RUN_REFUSAL_MESSAGES[refusal]);
  const id = RunIds.create();
  mutateReport(doc, () => {
    reportRuns(doc).push([
      newEntry({
        id,
        holeId,
        ...parsed,
        barrelType: hole.barrelType || DEFAULT_BARREL_TYPE,
        createdAt: nowIso(),
      }),
    ]);
  });
  return id;
}

export const runPatchSchema = z.object({
  rodAdded: z.boolean().optional(),
  stickUp: z.number().min(0).optional(),
  oriToolUsed: z.boolean().optional(),
  notes: optionalText.optional(),
});
export type RunPatch = z.infer<typeof runPatchSchema>;

/** Correct a run's inputs; the chain after it re-derives. */
export function updateRun(doc: Y.Doc, id: RunId, patch: RunPatch): void {
  const parsed = runPatchSchema.parse(patch);
  const index = runIndex(doc, id);
  const entry = index < 0 ? undefined : reportRuns(doc).get(index);
  if (!entry) throw new ModelError('not-found', `Run ${id} not found`);
  mutateReport(doc, () => setFields(entry, parsed));
}

/** Remove a run; later runs of the hole move up the chain. */
export function removeRun(doc: Y.Doc, id: RunId): boolean {
  const index = runIndex(doc, id);
  if (index < 0) return false;
  mutateReport(doc, () => reportRuns(doc).delete(index, 1));
  return true;
}
