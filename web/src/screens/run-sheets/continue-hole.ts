import {
  holeContinuation,
  holeProgress,
  holeStatus,
  remainingDepth,
  type HoleConfig,
  type HoleContinuation,
  type HoleProgressMark,
  type HoleStatus,
  type RegisteredHole,
  type SettingConflict,
  type ReportHole,
  type ReportId,
} from '@plod/model';

/** A hole the crew may pick in Continue Previous Hole, with where it stands now. */
export interface HoleCandidate extends HoleConfig {
  currentDepth: number;
  status: HoleStatus;
  progress: number;
  remaining: number;
  /** Already worked in this report: continuing just switches to it. */
  inReport: boolean;
  /** Settings phones set differently, still to be chosen. */
  conflicts: SettingConflict[];
  /** Where the hole continues, and the bit an earlier plod left down it. */
  start: HoleContinuation;
}

/**
 * Holes of this report plus every registered hole not yet complete, from any plod. A hole from an
 * earlier report continues from the deepest progress mark other reports left in the hole register
 * (model's holeContinuation): the register syncs to every phone, where earlier reports may never
 * have been opened on this one.
 */
export function holeCandidates(
  reportHoles: readonly ReportHole[],
  register: readonly RegisteredHole[],
  marks: readonly HoleProgressMark[],
  reportId: ReportId,
): HoleCandidate[] {
  const fromReport: HoleCandidate[] = reportHoles.map((hole) => ({
    ...hole,
    inReport: true,
    start: {
      startDepth: hole.startDepth,
      startRunNumber: hole.startRunNumber,
      startStickUp: hole.startStickUp,
      startBit: hole.startBit,
    },
  }));
  const fromRegister: HoleCandidate[] = register
    .filter((r) => !reportHoles.some((h) => h.holeId === r.holeId))
    .flatMap((r) => {
      const start = holeContinuation(marks, r.holeId, reportId);
      const status = holeStatus(start.startDepth, r.targetDepth, r.isComplete);
      if (status === 'COMPLETE') return [];
      const candidate: HoleCandidate = {
        holeId: r.holeId,
        dip: r.dip,
        azimuth: r.azimuth,
        targetDepth: r.targetDepth,
        constantStickUp: r.constantStickUp,
        hasOriExtension: r.hasOriExtension,
        oriToolLength: r.oriToolLength,
        barrelType: r.barrelType,
        currentDepth: start.startDepth,
        status,
        progress: holeProgress(start.startDepth, r.targetDepth),
        remaining: remainingDepth(start.startDepth, r.targetDepth),
        inReport: false,
        conflicts: r.conflicts,
        start,
      };
      return [candidate];
    });
  return [...fromReport, ...fromRegister];
}
