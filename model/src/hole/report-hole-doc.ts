import type * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { nowIso } from '../docs/entries.ts';
import { numericField, roundTo } from '../format/numbers.ts';
import { bitSerialSchema } from '../bit/bit.ts';
import { reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import type { ChainStart, DerivedRun, StoredRun } from '../run/run.ts';
import { NEW_HOLE_CHAIN_START, chainDepth, deriveRunChain } from '../run/run.ts';
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
import type { FieldKinds, HoleSetting, SettingConflict, SetupWrite } from './setup-writes.ts';
import {
  HOLE_SETTINGS,
  earliestAt,
  fieldHeads,
  HOLE_CONFIG_FIELD_KINDS,
  headIds,
  insertSetupWrite,
  readLegacyWrites,
  readSetupWrites,
  resolveHoleConfig,
  settingConflicts,
} from './setup-writes.ts';

/**
 * Where this shift's chain of a hole starts: a continued hole records its depth and next run number,
 * and the bit an earlier shift left down it (none when absent).
 */
export const holeStartSchema = z.object({
  startDepth: numericField({ default: 0, min: 0 }),
  startRunNumber: numericField({ default: 1, int: true, min: 1 }),
  startStickUp: numericField({ default: 0, min: 0 }),
  startBit: bitSerialSchema.nullish().transform((v) => v ?? undefined),
});
export interface HoleStartInput {
  startDepth?: number | string;
  startRunNumber?: number | string;
  startStickUp?: number | string;
  startBit?: string | null;
}

const START_FIELDS = ['startDepth', 'startRunNumber', 'startStickUp', 'startBit'] as const;

/** A parsed start as a setup write stores it (no key for a bit not carried). */
function startValues(start: z.output<typeof holeStartSchema>): Record<string, number | string> {
  const { startBit, ...chain } = start;
  return startBit === undefined ? chain : { ...chain, startBit };
}

const REPORT_FIELD_KINDS: FieldKinds = {
  ...HOLE_CONFIG_FIELD_KINDS,
  startDepth: 'number',
  startRunNumber: 'number',
  startStickUp: 'number',
  startBit: 'string',
};

/** Id of the write an entry of the layout before schema 3 reads as. */
const LEGACY_WRITE_PREFIX = 'legacy:';

/** A hole as this report set it up (before its runs are chained). */
export interface ReportHoleSetup extends HoleConfig, ChainStart {
  /** The bit an earlier shift left down the hole, carried into this one (bit-metres.ts). */
  startBit: string | null;
  /** Explicitly marked complete (COMPLETE also follows from depth). */
  isComplete: boolean;
  addedAt: string | null;
  /** Settings phones set differently, every value kept, until someone chooses one. */
  conflicts: SettingConflict[];
}

/** A hole worked in this shift, with its derived run chain and state. */
export interface ReportHole extends ReportHoleSetup {
  runs: DerivedRun[];
  currentDepth: number;
  drilledThisShift: number;
  status: HoleStatus;
  progress: number;
  remaining: number;
  nearTarget: boolean;
}

/** Every setup write of the report's holes, the layout before schema 3 included. */
export function readReportHoleWrites(doc: Y.Doc): SetupWrite[] {
  return [
    ...readSetupWrites(reportMap(doc, 'holeSetups'), REPORT_FIELD_KINDS),
    ...readLegacyWrites(
      reportMap(doc, 'holes'),
      REPORT_FIELD_KINDS,
      LEGACY_WRITE_PREFIX,
      'addedAt',
    ),
  ];
}

/**
 * Where the shift's chain starts. Two phones that added one hole apart may have started it from
 * different marks; the deeper start is taken (a later shift always drills deeper), on every phone.
 */
function resolveStart(
  writes: readonly SetupWrite[],
): Omit<ChainStart, 'constantStickUp'> & { startBit: string | null } {
  const deepest = fieldHeads(writes, 'startDepth').sort(
    (a, b) =>
      Number(b.values.startDepth) - Number(a.values.startDepth) ||
      Number(b.values.startRunNumber ?? 1) - Number(a.values.startRunNumber ?? 1),
  )[0];
  if (!deepest) return { ...NEW_HOLE_CHAIN_START, startBit: null };
  const num = (field: string, fallback: number) => {
    const value = deepest.values[field];
    return typeof value === 'number' ? value : fallback;
  };
  return {
    startDepth: Math.max(0, num('startDepth', 0)),
    startRunNumber: Math.max(1, Math.trunc(num('startRunNumber', 1))),
    startStickUp: Math.max(0, num('startStickUp', 0)),
    startBit: typeof deepest.values.startBit === 'string' ? deepest.values.startBit : null,
  };
}

/** A hole's setup from its writes (defaults for what no write set). */
export function resolveReportHole(holeId: HoleId, writes: readonly SetupWrite[]): ReportHoleSetup {
  const own = writes.filter((w) => w.holeId === holeId);
  const starts = own.filter((w) => w.values.startDepth !== undefined);
  return {
    holeId,
    ...resolveHoleConfig(own),
    ...resolveStart(own),
    isComplete: fieldHeads(own, 'isComplete').some((w) => w.values.isComplete === true),
    addedAt: earliestAt(starts) ?? earliestAt(own),
    conflicts: settingConflicts(own),
  };
}

/** Derive each hole's chain from the merged runs; runs of a hole missing from the list get a default hole. */
export function deriveReportHoles(
  stored: readonly ReportHoleSetup[],
  runs: readonly StoredRun[],
): ReportHole[] {
  const holes = [...stored];
  for (const run of runs) {
    if (!holes.some((h) => h.holeId === run.holeId)) {
      holes.push(resolveReportHole(run.holeId, []));
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
  const writes = readReportHoleWrites(doc);
  const ids = [...new Set(writes.map((w) => w.holeId))] as HoleId[];
  const stored = ids
    .map((holeId) => resolveReportHole(holeId, writes))
    .sort(
      (a, b) =>
        (a.addedAt ?? '').localeCompare(b.addedAt ?? '') || a.holeId.localeCompare(b.holeId),
    );
  return deriveReportHoles(stored, readStoredRuns(doc));
}

function hasHole(doc: Y.Doc, holeId: HoleId): boolean {
  return readReportHoleWrites(doc).some((w) => w.holeId === holeId);
}

function requireHole(doc: Y.Doc, holeId: HoleId): SetupWrite[] {
  const writes = readReportHoleWrites(doc).filter((w) => w.holeId === holeId);
  if (writes.length === 0) throw new ModelError('not-found', `Hole ${holeId} not found`);
  return writes;
}

/**
 * Add a hole to this report: a new hole starts at 0 m with run 1; a hole continued from an earlier
 * shift records its depth, next run number and last stick-up, and brings the register's setup writes
 * (`copies`, kept with their ids) so settings still to be chosen stay so here. A complete hole cannot
 * be continued. Returns false when the hole is already in the report.
 */
export function addHoleToReport(
  doc: Y.Doc,
  config: HoleConfigDraft,
  start: HoleStartInput = {},
  copies: readonly SetupWrite[] = [],
): boolean {
  const hole = holeConfigFromInput(holeConfigInputSchema.parse(config));
  const from = holeStartSchema.parse(start);
  if (from.startDepth >= hole.targetDepth) {
    throw new ModelError(
      'hole-complete',
      `Hole ${hole.holeId} is complete and cannot be continued`,
    );
  }
  if (hasHole(doc, hole.holeId)) return false;
  const own = copies.filter((w) => w.holeId === hole.holeId);
  const root = reportMap(doc, 'holeSetups');
  mutateReport(doc, () => {
    const at = nowIso();
    for (const copy of own) {
      const values = Object.fromEntries(
        HOLE_SETTINGS.flatMap((s) => (copy.values[s] === undefined ? [] : [[s, copy.values[s]]])),
      );
      insertSetupWrite(root, { ...copy, values });
    }
    const { holeId, ...settings } = hole;
    insertSetupWrite(root, {
      holeId,
      at,
      supersedes: [],
      values: own.length > 0 ? startValues(from) : { ...settings, ...startValues(from) },
    });
  });
  return true;
}

/**
 * Change a worked hole's settings or start: one write replacing the current writes of what it
 * changes (a setting phones disagree on is settled by it).
 */
export function updateReportHole(
  doc: Y.Doc,
  holeId: HoleId,
  patch: HoleConfigPatchDraft & HoleStartInput,
): void {
  const config = holeConfigPatchSchema.parse(patch);
  const writes = requireHole(doc, holeId);
  const values: Record<string, number | boolean | string> = {};
  for (const [field, value] of Object.entries(config))
    if (value !== undefined) values[field] = value;
  if (START_FIELDS.some((f) => patch[f] !== undefined)) {
    const current = resolveStart(writes);
    Object.assign(values, startValues(holeStartSchema.parse({ ...current, ...patch })));
  }
  const fields = Object.keys(values);
  if (fields.length === 0) return;
  mutateReport(doc, () =>
    insertSetupWrite(reportMap(doc, 'holeSetups'), {
      holeId,
      at: nowIso(),
      supersedes: headIds(writes, fields),
      values,
    }),
  );
}

/** Settle a setting phones set differently: the chosen value replaces every value shown. */
export function chooseHoleSetting(
  doc: Y.Doc,
  holeId: HoleId,
  setting: HoleSetting,
  value: number | boolean | string,
): void {
  updateReportHole(doc, holeId, { [setting]: value });
}
