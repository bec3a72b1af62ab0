import type * as Y from 'yjs';
import { z } from 'zod';
import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  ORI_TOOL_LENGTH_METRES,
} from '../constants/constants.ts';
import type { HoleId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import {
  getEntry,
  insertEntry,
  nowIso,
  readEntries,
  requireEntry,
  setFields,
} from '../docs/entries.ts';
import { numericField, roundTo } from '../format/numbers.ts';
import { reportMap } from '../report-doc/keys.ts';
import { mutateReport } from '../report-doc/mutate.ts';
import type { ChainStart, DerivedRun, StoredRun } from '../run/run.ts';
import { chainDepth, deriveRunChain } from '../run/run.ts';
import { readStoredRuns } from '../run/run-store.ts';
import type { HoleConfig, HoleConfigDraft, HoleConfigPatchDraft, HoleStatus } from './hole.ts';
import {
  holeConfigFromInput,
  holeConfigInputSchema,
  holeConfigPatchSchema,
  holeProgress,
  holeStatus,
  isNearTarget,
  remainingDepth,
} from './hole.ts';
import { lenient } from '../docs/lenient.ts';

/** Where this shift's chain of a hole starts: a continued hole records its depth and next run number. */
export const holeStartSchema = z.object({
  startDepth: numericField({ default: 0, min: 0 }),
  startRunNumber: numericField({ default: 1, int: true, min: 1 }),
  startStickUp: numericField({ default: 0, min: 0 }),
});
export interface HoleStartInput {
  startDepth?: number | string;
  startRunNumber?: number | string;
  startStickUp?: number | string;
}

const storedHoleSchema = z.object({
  dip: lenient(z.number(), DEFAULT_HOLE_DIP),
  azimuth: lenient(z.number(), DEFAULT_HOLE_AZIMUTH),
  targetDepth: lenient(z.number(), DEFAULT_HOLE_TARGET_DEPTH),
  constantStickUp: lenient(z.number(), DEFAULT_HOLE_CONSTANT_STICK_UP),
  hasOriExtension: lenient(z.boolean(), false),
  oriToolLength: lenient(z.number(), ORI_TOOL_LENGTH_METRES),
  barrelType: lenient(z.string(), DEFAULT_BARREL_TYPE),
  startDepth: lenient(z.number().min(0), 0),
  startRunNumber: lenient(z.number().int().min(1), 1),
  startStickUp: lenient(z.number().min(0), 0),
  isComplete: lenient(z.boolean(), false),
  addedAt: lenient(z.string().nullable(), null),
});

/** A hole worked in this shift, with its derived run chain and state. */
export interface ReportHole extends HoleConfig, ChainStart {
  /** Explicitly marked complete (COMPLETE also follows from depth). */
  isComplete: boolean;
  addedAt: string | null;
  runs: DerivedRun[];
  currentDepth: number;
  drilledThisShift: number;
  status: HoleStatus;
  progress: number;
  remaining: number;
  nearTarget: boolean;
}

/** Derive each hole's chain from the merged runs; runs of a hole missing from the list get a default hole. */
export function deriveReportHoles(
  stored: readonly Omit<
    ReportHole,
    | 'runs'
    | 'currentDepth'
    | 'drilledThisShift'
    | 'status'
    | 'progress'
    | 'remaining'
    | 'nearTarget'
  >[],
  runs: readonly StoredRun[],
): ReportHole[] {
  const holes = [...stored];
  for (const run of runs) {
    if (!holes.some((h) => h.holeId === run.holeId)) {
      holes.push({ ...storedHoleSchema.parse({}), holeId: run.holeId });
    }
  }
  return holes.map((hole) => {
    const chain = deriveRunChain(
      runs.filter((r) => r.holeId === hole.holeId),
      hole,
    );
    const currentDepth = chainDepth(chain, hole);
    return {
      ...hole,
      runs: chain,
      currentDepth,
      drilledThisShift: roundTo(currentDepth - hole.startDepth, 3),
      status: holeStatus(currentDepth, hole.targetDepth, hole.isComplete),
      progress: holeProgress(currentDepth, hole.targetDepth),
      remaining: remainingDepth(currentDepth, hole.targetDepth),
      nearTarget: isNearTarget(currentDepth, hole.targetDepth, hole.isComplete),
    };
  });
}

/** The holes of this report in the order they were added, each with its derived run chain. */
export function readReportHoles(doc: Y.Doc): ReportHole[] {
  const stored = readEntries(reportMap(doc, 'holes'))
    .map(([holeId, raw]) => ({ ...storedHoleSchema.parse(raw), holeId: holeId as HoleId }))
    .sort(
      (a, b) =>
        (a.addedAt ?? '').localeCompare(b.addedAt ?? '') || a.holeId.localeCompare(b.holeId),
    );
  return deriveReportHoles(stored, readStoredRuns(doc));
}

/**
 * Add a hole to this report: a new hole starts at 0 m with run 1; a hole continued from an earlier
 * shift records its depth, next run number and last stick-up. A complete hole cannot be continued.
 * Returns false when the hole is already in the report.
 */
export function addHoleToReport(
  doc: Y.Doc,
  config: HoleConfigDraft,
  start: HoleStartInput = {},
): boolean {
  const hole = holeConfigFromInput(holeConfigInputSchema.parse(config));
  const from = holeStartSchema.parse(start);
  if (from.startDepth >= hole.targetDepth) {
    throw new ModelError(
      'hole-complete',
      `Hole ${hole.holeId} is complete and cannot be continued`,
    );
  }
  const holes = reportMap(doc, 'holes');
  if (getEntry(holes, hole.holeId)) return false;
  mutateReport(doc, () => {
    const { holeId, ...fields } = hole;
    insertEntry(holes, holeId, { ...fields, ...from, isComplete: false, addedAt: nowIso() });
  });
  return true;
}

/** Change a worked hole's configuration or start. */
export function updateReportHole(
  doc: Y.Doc,
  holeId: HoleId,
  patch: HoleConfigPatchDraft & HoleStartInput,
): void {
  const config = holeConfigPatchSchema.parse(patch);
  const start = holeStartSchema.partial().parse(patch);
  mutateReport(doc, () =>
    setFields(requireEntry(reportMap(doc, 'holes'), holeId, 'Hole'), { ...config, ...start }),
  );
}

/** Mark a worked hole complete (or reopen it when its depth is still short of target). */
export function setHoleComplete(doc: Y.Doc, holeId: HoleId, isComplete = true): void {
  mutateReport(doc, () =>
    setFields(requireEntry(reportMap(doc, 'holes'), holeId, 'Hole'), { isComplete }),
  );
}
