import * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId, RunId } from '../ids/ids.ts';
import { DEFAULT_BARREL_TYPE } from '../constants/constants.ts';
import { reportRuns } from '../report-doc/keys.ts';
import type { StoredRun } from './run.ts';
import { runStyleSchema } from './run.ts';
import { lenient } from '../docs/lenient.ts';

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
});

/**
 * All runs of the report in merged order. A run without an id or hole cannot be placed in any chain, so
 * it is skipped rather than guessed at; the mutations never write one.
 */
export function readStoredRuns(doc: Y.Doc): StoredRun[] {
  const runs: StoredRun[] = [];
  for (const entry of reportRuns(doc).toArray()) {
    if (!(entry instanceof Y.Map)) continue;
    const parsed = storedRunSchema.safeParse(entry.toJSON());
    if (parsed.success) {
      runs.push({
        ...parsed.data,
        id: parsed.data.id as RunId,
        holeId: parsed.data.holeId as HoleId,
      });
    }
  }
  return runs;
}

/** Index of a run in the runs array, or -1. */
export function runIndex(doc: Y.Doc, id: RunId): number {
  return reportRuns(doc)
    .toArray()
    .findIndex((entry) => entry instanceof Y.Map && entry.get('id') === id);
}
