import { holeProgress, isNearTarget } from '@plod/model';
import type { RegisteredHole, ReportHole } from '@plod/model';

export interface ActiveHole {
  holeId: string;
  currentDepth: number;
  targetDepth: number;
  /** Percent, capped at 100, one decimal. */
  progress: number;
  /** Within 6 m of target (the run-sheets card warning). */
  nearTarget: boolean;
}

/**
 * The hole being drilled: the latest active hole of the current report (it knows the depth from its
 * runs), else the newest incomplete hole in the register (no runs yet on this shift: depth 0).
 */
export function activeHole(
  reportHoles: readonly ReportHole[],
  register: readonly RegisteredHole[],
): ActiveHole | null {
  const drilling = reportHoles.filter((hole) => hole.status === 'ACTIVE').at(-1);
  if (drilling) {
    return {
      holeId: drilling.holeId,
      currentDepth: drilling.currentDepth,
      targetDepth: drilling.targetDepth,
      progress: holeProgress(drilling.currentDepth, drilling.targetDepth),
      nearTarget: isNearTarget(drilling.currentDepth, drilling.targetDepth, drilling.isComplete),
    };
  }
  const open = register
    .filter((hole) => !hole.isComplete)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
  if (!open) return null;
  return {
    holeId: open.holeId,
    currentDepth: 0,
    targetDepth: open.targetDepth,
    progress: holeProgress(0, open.targetDepth),
    nearTarget: isNearTarget(0, open.targetDepth),
  };
}

/** Total Holes: every hole known from the register and the current report, counted once. */
export function totalHoles(
  reportHoles: readonly ReportHole[],
  register: readonly RegisteredHole[],
): number {
  return new Set([...register.map((h) => h.holeId), ...reportHoles.map((h) => h.holeId)]).size;
}
