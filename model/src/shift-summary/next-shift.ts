import type * as Y from 'yjs';
import type { AssignmentRole } from '../crew-assignment/crew-assignment.ts';
import { assignCrewMember } from '../crew-assignment/crew-assignment-doc.ts';
import type { HoleConfigDraft } from '../hole/hole.ts';
import type { HoleStartInput } from '../hole/report-hole-doc.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import type { HoleProgressMark } from '../holes-doc/hole-progress.ts';
import { holeContinuation, holeProgressMark } from '../holes-doc/hole-progress.ts';
import type { CrewMemberId, ReportId } from '../ids/ids.ts';
import type { ReportSnapshot } from '../report-doc/snapshot.ts';
import { mutateReport } from '../kernel/mutate.ts';
import type { ShiftType } from '../shift/time.ts';
import { defaultShiftTimes } from '../shift/time.ts';
import { createReport, isShiftSetUp } from './report-meta-doc.ts';
import type { ShiftDetailsDraft } from './shift-summary.ts';

/** What a new plod takes from the last shift ("Start from last shift"). */
export interface NextShiftPlan {
  /** Today's date and shift; the last shift's site, rig and level; its times on the same shift type. */
  shift: ShiftDetailsDraft;
  /** The same crew in the same roles, the same primary driller. */
  crew: {
    crewMemberId: CrewMemberId | null;
    crewMemberName: string;
    role: AssignmentRole;
    isPrimary: boolean;
  }[];
  /** The holes the last shift left short of target, each continuing where it now stands. */
  holes: { config: HoleConfigDraft; start: HoleStartInput }[];
}

/** True when the plod can seed a next shift: its site and rig are set. */
export function canStartFrom(last: Pick<ReportSnapshot, 'id' | 'shift'>): boolean {
  return last.id !== null && isShiftSetUp(last.shift);
}

/**
 * The next shift after `last`, on `today`. A hole continues from the deepest point any plod has
 * left it (the register's progress marks), so a hole another shift drilled on since is not set back.
 */
export function nextShiftPlan(
  last: ReportSnapshot,
  today: { date: string; shiftType: ShiftType },
  marks: readonly HoleProgressMark[] = [],
): NextShiftPlan {
  const sameShift = last.shift.shiftType === today.shiftType;
  // Another shift type starts on its own default times, as New Report's do.
  const times = sameShift
    ? { startTime: last.shift.startTime, endTime: last.shift.endTime }
    : defaultShiftTimes(today.shiftType);
  const lastId = last.id;
  const known: HoleProgressMark[] = lastId
    ? [
        ...marks,
        ...last.holes.map((hole) => ({
          ...holeProgressMark(hole, lastId, last.bitChanges),
          updatedAt: null,
        })),
      ]
    : [...marks];
  return {
    shift: {
      date: today.date,
      shiftType: today.shiftType,
      startTime: times.startTime,
      endTime: times.endTime,
      siteId: last.shift.siteId,
      rigId: last.shift.rigId,
      siteName: last.shift.siteName,
      rigName: last.shift.rigName,
      level: last.shift.level,
    },
    crew: last.crew.map((a) => ({
      crewMemberId: a.crewMemberId,
      crewMemberName: a.crewMemberName,
      role: a.role,
      isPrimary: a.isPrimary,
    })),
    holes: last.holes
      .filter((hole) => hole.status === 'ACTIVE')
      .map((hole) => ({ hole, start: holeContinuation(known, hole.holeId) }))
      // A hole some later shift has since drilled to target is no longer being drilled.
      .filter(({ hole, start }) => start.startDepth < hole.targetDepth)
      .map(({ hole, start }) => ({
        config: {
          holeId: hole.holeId,
          dip: hole.dip,
          azimuth: hole.azimuth,
          targetDepth: hole.targetDepth,
          constantStickUp: hole.constantStickUp,
          hasOriExtension: hole.hasOriExtension,
          barrelType: hole.barrelType,
        },
        start,
      })),
  };
}

/** Makes a new plod from a plan, in one transaction: shift details, crew and holes together. */
export function createReportFromPlan(doc: Y.Doc, id: ReportId, plan: NextShiftPlan): void {
  mutateReport(doc, () => {
    createReport(doc, { id, shift: plan.shift });
    if (plan.shift.siteId && plan.shift.rigId) {
      for (const member of plan.crew) assignCrewMember(doc, member);
    }
    for (const hole of plan.holes) addHoleToReport(doc, hole.config, hole.start);
  });
}
