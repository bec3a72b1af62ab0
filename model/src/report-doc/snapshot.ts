import type * as Y from 'yjs';
import type { BitMetres } from '../bit/bit-metres.ts';
import { bitMetresOfPlod } from '../bit/bit-metres.ts';
import type { AssignmentId, ReportId } from '../ids/ids.ts';
import { roundTo } from '../format/numbers.ts';
import type { CrewAssignment } from '../crew-assignment/crew-assignment.ts';
import { readCrewAssignments } from '../crew-assignment/crew-assignment-doc.ts';
import type { ReportHole } from '../hole/report-hole-doc.ts';
import { readReportHoles } from '../hole/report-hole-doc.ts';
import type { ShiftHours } from '../downtime/downtime.ts';
import { shiftHours } from '../downtime/downtime.ts';
import type { PlodPartsRows, PlodPartsTotals } from '../parts/registry.ts';
import { plodPartsTotals, readPlodParts } from '../parts/registry.ts';
import type { ReportStatus } from '../shift-summary/shift-summary.ts';
import type { ShiftDetails, SignOff, SummaryOverrides } from '../shift-summary/report-meta-doc.ts';
import {
  readReportMeta,
  readShiftDetails,
  readSignOff,
  readSummaryOverrides,
} from '../shift-summary/report-meta-doc.ts';
import type { SurveyEntry } from '../survey/survey.ts';
import { averageSurveyDepth } from '../survey/survey.ts';
import { readSurvey } from '../survey/survey-doc.ts';
import type { TimesheetEntry } from '../timesheet/timesheet.ts';
import { timesheetTotals } from '../timesheet/timesheet.ts';
import { readTimesheet } from '../timesheet/timesheet-doc.ts';

/** Totals derived from the rows (each part adds its own, PlodPartsTotals); never stored. */
export interface ReportTotals extends PlodPartsTotals {
  metresDrilled: number;
  runCount: number;
  holesCompleted: number;
  timesheetHours: number;
  remainingHours: number;
  timesheetOverCap: boolean;
  /** Drilling + other activities + downtime, on one time axis. */
  shiftHours: ShiftHours;
  crewCount: number;
  surveyCount: number;
  averageSurveyDepth: number;
}

/** The summary as shown: each field the stored override when set, else derived. */
export interface EffectiveSummary {
  operator: string | null;
  totalDepthDrilled: number;
  hoursWorked: number;
  holesCompleted: number;
  /** Metres per hour worked, 0 without hours. */
  avgRate: number;
  /** What the rows add up to, whether or not an override is shown instead. */
  derived: { totalDepthDrilled: number; hoursWorked: number; holesCompleted: number };
}

/**
 * Everything about one shift as a plain, checked value: what screens render and REST returns. The
 * rows of each part in PLOD_PARTS are under its root (PlodPartsRows).
 */
export interface ReportSnapshot extends PlodPartsRows {
  id: ReportId | null;
  schemaVersion: number;
  status: ReportStatus;
  createdAt: string | null;
  completedAt: string | null;
  updatedAt: string | null;
  notes: string | null;
  /** The comment a supervisor or client returned the plod with (kept after it is resubmitted). */
  returnComment: string | null;
  /** Why a supervisor reopened the plod after approving it (null when it never was). */
  reopenReason: string | null;
  /** Who set the current status (a display name, null when unknown) and when. */
  statusSetBy: string | null;
  statusSetAt: string | null;
  shift: ShiftDetails;
  overrides: SummaryOverrides;
  /** The primary driller's assignment, or null when none (or the named one was removed). */
  primaryAssignmentId: AssignmentId | null;
  crew: CrewAssignment[];
  holes: ReportHole[];
  timesheet: TimesheetEntry[];
  survey: SurveyEntry[];
  /** Metres each bit drilled on each hole in this plod (derived from the runs and bit changes). */
  bitMetres: BitMetres[];
  signOff: SignOff;
  totals: ReportTotals;
  summary: EffectiveSummary;
}

/** Read a report document into a snapshot with every derived value computed. */
export function readReport(doc: Y.Doc): ReportSnapshot {
  const meta = readReportMeta(doc);
  const shift = readShiftDetails(doc);
  const overrides = readSummaryOverrides(doc);
  const crew = readCrewAssignments(doc);
  const holes = readReportHoles(doc);
  const timesheet = readTimesheet(doc);
  const survey = readSurvey(doc);
  const parts = readPlodParts(doc);
  const hours = timesheetTotals(timesheet);
  const primary = crew.find((a) => a.isPrimary) ?? null;

  const totals: ReportTotals = {
    metresDrilled: roundTo(
      holes.reduce((sum, h) => sum + h.drilledThisShift, 0),
      3,
    ),
    runCount: holes.reduce((sum, h) => sum + h.runs.length, 0),
    holesCompleted: holes.filter((h) => h.status === 'COMPLETE').length,
    timesheetHours: hours.totalHours,
    remainingHours: hours.remainingHours,
    timesheetOverCap: hours.overCap,
    ...plodPartsTotals(parts),
    shiftHours: shiftHours(timesheet, parts.downtime),
    crewCount: crew.length,
    surveyCount: survey.length,
    averageSurveyDepth: averageSurveyDepth(survey),
  };
  const derived = {
    totalDepthDrilled: totals.metresDrilled,
    // The timesheet's total, 0 while it has no rows: the shift's span no longer stands in for an
    // empty timesheet (a plod showed 12 h worked while its Timesheets said 0.0).
    hoursWorked: hours.totalHours,
    holesCompleted: totals.holesCompleted,
  };
  const totalDepthDrilled = overrides.totalDepthDrilled ?? derived.totalDepthDrilled;
  const hoursWorked = overrides.hoursWorked ?? derived.hoursWorked;
  const summary: EffectiveSummary = {
    operator: overrides.operator ?? primary?.crewMemberName ?? null,
    totalDepthDrilled,
    hoursWorked,
    holesCompleted: overrides.holesCompleted ?? derived.holesCompleted,
    avgRate: hoursWorked > 0 ? roundTo(totalDepthDrilled / hoursWorked, 2) : 0,
    derived,
  };
  return {
    id: meta.reportId,
    schemaVersion: meta.schemaVersion,
    status: meta.status,
    createdAt: meta.createdAt,
    completedAt: meta.completedAt,
    updatedAt: meta.updatedAt,
    notes: meta.notes,
    returnComment: meta.returnComment,
    reopenReason: meta.reopenReason,
    statusSetBy: meta.statusSetBy,
    statusSetAt: meta.statusSetAt,
    shift,
    overrides,
    primaryAssignmentId: primary?.id ?? null,
    crew,
    holes,
    timesheet,
    survey,
    ...parts,
    bitMetres: bitMetresOfPlod(
      holes.flatMap((hole) => hole.runs.map((run) => ({ ...run, holeId: hole.holeId }))),
      parts.bitChanges,
      holes.flatMap((hole) =>
        hole.startBit === null
          ? []
          : [{ holeId: hole.holeId, bitSerial: hole.startBit, depth: hole.startDepth }],
      ),
    ),
    signOff: readSignOff(doc),
    totals,
    summary,
  };
}
