import { isReportReadOnly } from '@plod/model';
import type { HoleProgressMark, RegisteredHole, ReportHole, ReportSnapshot } from '@plod/model';

export interface ActiveHole {
  holeId: string;
  currentDepth: number;
  targetDepth: number;
  /** Percent, capped at 100, one decimal. */
  progress: number;
  /** Within 6 m of target (the run-sheets card warning). */
  nearTarget: boolean;
}

/** When the hole's latest run was added (or the hole itself, before its first run). */
function lastWorkedAt(hole: ReportHole): string {
  const runs = hole.runs.map((run) => run.createdAt ?? '').sort();
  return runs.at(-1) || hole.addedAt || '';
}

/**
 * The hole being drilled: of the current plod's holes not yet at target, the one worked last; none
 * when the plod has none, or is no longer being filled in (completed, sent, approved, deleted).
 * Never a hole from the register: a hole another shift left open is not being drilled now.
 */
export function activeHole(report: ReportSnapshot | null): ActiveHole | null {
  if (!report || isReportReadOnly(report.status)) return null;
  const drilling = report.holes
    .filter((hole) => hole.status === 'ACTIVE')
    .reduce<ReportHole | null>(
      (latest, hole) => (latest && lastWorkedAt(latest) > lastWorkedAt(hole) ? latest : hole),
      null,
    );
  if (!drilling) return null;
  return {
    holeId: drilling.holeId,
    currentDepth: drilling.currentDepth,
    targetDepth: drilling.targetDepth,
    progress: drilling.progress,
    nearTarget: drilling.nearTarget,
  };
}

/**
 * The real holes: the plod's own, and the register's holes some plod has drilled (a progress mark).
 * A hole only registered (the demo data's, or one set up and never drilled elsewhere) is left out.
 * With a site, only that site's register holes.
 */
export function realHoleIds(
  reportHoles: readonly Pick<ReportHole, 'holeId'>[],
  register: readonly Pick<RegisteredHole, 'holeId' | 'siteId'>[],
  marks: readonly Pick<HoleProgressMark, 'holeId'>[],
  siteId: string | null = null,
): string[] {
  const drilled = new Set(marks.map((mark) => mark.holeId as string));
  const registered = register
    .filter((hole) => drilled.has(hole.holeId) && (siteId === null || hole.siteId === siteId))
    .map((hole) => hole.holeId as string);
  return [...new Set([...reportHoles.map((hole) => hole.holeId as string), ...registered])];
}

/** Total Holes: the real holes of the register and the current report, counted once. */
export function totalHoles(
  reportHoles: readonly ReportHole[],
  register: readonly RegisteredHole[],
  marks: readonly HoleProgressMark[],
): number {
  return realHoleIds(reportHoles, register, marks).length;
}
