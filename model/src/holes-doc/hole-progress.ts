import type * as Y from 'yjs';
import { z } from 'zod';
import type { HoleId, ReportId } from '../ids/ids.ts';
import { getEntry, insertEntry, nowIso, readEntries, setFields } from '../docs/entries.ts';
import { roundTo } from '../format/numbers.ts';
import type { ReportHole } from '../hole/report-hole-doc.ts';
import type { ChainStart } from '../run/run.ts';
import { NEW_HOLE_CHAIN_START, nextRunContext } from '../run/run.ts';
import { lenient } from '../docs/lenient.ts';
import type { MetresBitChange } from '../bit/bit-metres.ts';
import { bitDownAfter } from '../bit/bit-metres.ts';

/**
 * Where each report left each hole, kept in the hole register document so a later shift can continue
 * a hole without opening every earlier report (a phone holds only the reports it has opened).
 * One entry per (report, hole): only devices showing that report write it, and each writes what it
 * derived from the report's merged run chain, so entries of different reports never conflict and an
 * entry converges once the report itself has.
 */
export const HOLE_PROGRESS_ROOT = 'holeProgress';

export interface HoleProgressMark {
  holeId: HoleId;
  reportId: ReportId;
  /** Depth the report's chain of this hole ends at. */
  endDepth: number;
  /** Run number the next run of the hole takes. */
  nextRunNumber: number;
  /** Stick-up the last run left (a no-rod run of the Add New Run screen drills it). */
  lastStickUp: number;
  /** The bit the report left down the hole (bitDownAfter), or null. */
  bitDown: string | null;
  updatedAt: string | null;
}

const storedMarkSchema = z.object({
  holeId: z.string(),
  reportId: z.string(),
  endDepth: lenient(z.number().min(0), 0),
  nextRunNumber: lenient(z.number().int().min(1), 1),
  lastStickUp: lenient(z.number().min(0), 0),
  // Marks recorded before bits were carried have none.
  bitDown: lenient(z.string().min(1).nullable(), null),
  updatedAt: lenient(z.string().nullable(), null),
});

function progressMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HOLE_PROGRESS_ROOT);
}

/** The mark a report's derived hole stands for, with the report's bit changes (of any hole). */
export function holeProgressMark(
  hole: ReportHole,
  reportId: ReportId,
  bitChanges: readonly Pick<MetresBitChange, 'id' | 'bitSerial' | 'holeId' | 'action' | 'depth'>[],
): Omit<HoleProgressMark, 'updatedAt'> {
  return {
    holeId: hole.holeId,
    reportId,
    endDepth: roundTo(hole.currentDepth, 3),
    nextRunNumber: hole.startRunNumber + hole.runs.length,
    lastStickUp: nextRunContext(hole.runs, hole).previousStickUp,
    bitDown: bitDownAfter(
      hole.startBit,
      bitChanges.filter((c) => c.holeId === hole.holeId),
    ),
  };
}

/** Every progress mark in the register. */
export function readHoleProgress(doc: Y.Doc): HoleProgressMark[] {
  return readEntries(progressMap(doc)).flatMap(([, raw]) => {
    const parsed = storedMarkSchema.safeParse(raw);
    if (!parsed.success) return [];
    return [
      {
        ...parsed.data,
        holeId: parsed.data.holeId as HoleId,
        reportId: parsed.data.reportId as ReportId,
      },
    ];
  });
}

/** Record where a report left a hole; writes nothing (and returns false) when the mark is unchanged. */
export function recordHoleProgress(doc: Y.Doc, mark: Omit<HoleProgressMark, 'updatedAt'>): boolean {
  const key = `${mark.reportId}/${mark.holeId}`;
  const map = progressMap(doc);
  const existing = getEntry(map, key);
  if (existing) {
    const current = storedMarkSchema.safeParse(existing.toJSON());
    if (
      current.success &&
      current.data.endDepth === mark.endDepth &&
      current.data.nextRunNumber === mark.nextRunNumber &&
      current.data.lastStickUp === mark.lastStickUp &&
      current.data.bitDown === mark.bitDown
    ) {
      return false;
    }
  }
  doc.transact(() => {
    const fields = { ...mark, updatedAt: nowIso() };
    if (existing) setFields(existing, fields);
    else insertEntry(map, key, fields);
  });
  return true;
}

/** Where a hole continues from in a new report, and the bit left down it. */
export type HoleContinuation = Omit<ChainStart, 'constantStickUp'> & { startBit: string | null };

/**
 * Where a hole continues from in a new report: the deepest mark left by any other report (a later
 * shift always drills deeper), or a new hole's start when no report has drilled it.
 */
export function holeContinuation(
  marks: readonly HoleProgressMark[],
  holeId: HoleId,
  excludeReportId?: ReportId | null,
): HoleContinuation {
  const best = marks
    .filter((m) => m.holeId === holeId && m.reportId !== excludeReportId)
    .sort((a, b) => b.endDepth - a.endDepth || b.nextRunNumber - a.nextRunNumber)[0];
  if (!best) return { ...NEW_HOLE_CHAIN_START, startBit: null };
  return {
    startDepth: best.endDepth,
    startRunNumber: best.nextRunNumber,
    startStickUp: best.lastStickUp,
    startBit: best.bitDown,
  };
}
