import type { ReportStatus } from '../kernel/status.ts';
import type { PlodPartsBundle } from '../parts/registry.ts';

/**
 * The shift report bundle: one report's data in the shape SPEC section 3 names it, with every derived
 * value (run numbers and depths, hours, costs, totals) already computed from the report document.
 * It is an output view: the CSV export and the REST reads are built from it, never stored.
 * Values a person has not entered are null; the CSV prints them as N/A (text) or 0 (numbers).
 * Each part in PLOD_PARTS adds its list (PlodPartsBundle; its row type is beside its descriptor).
 */
export interface ShiftReportBundle extends PlodPartsBundle {
  shiftSummary: BundleShiftSummary;
  crewAssignments: BundleCrewAssignment[];
  runSheetEntries: BundleRunSheetEntry[];
  surveyEntries: BundleSurveyEntry[];
  timesheetEntries: BundleTimesheetEntry[];
}

export type BundleShiftType = 'day' | 'night';
export type BundleReportStatus = ReportStatus;

export interface BundleShiftSummary {
  id: string;
  /** ISO day, YYYY-MM-DD. */
  date: string | null;
  shiftType: BundleShiftType | null;
  operator: string | null;
  siteId: string | null;
  rigId: string | null;
  /** Site name. */
  site: string | null;
  /** Rig name. */
  rig: string | null;
  /** The level (underground level or bench) the shift worked, as entered in Shift Details. */
  level: string | null;
  /** HH:MM, 24-hour. */
  startTime: string | null;
  endTime: string | null;
  holesCompleted: number;
  /** Metres; the stored override when a person set one, else derived from the runs. */
  totalDepthDrilled: number;
  /** Hours; the stored override when a person set one, else derived from the timesheet. */
  hoursWorked: number;
  /** Metres per hour worked, 0 when no hours. */
  avgRate: number;
  notes: string | null;
  status: BundleReportStatus;
  /** ISO timestamp. */
  completedAt: string | null;
  createdAt: string | null;
}

export interface BundleCrewAssignment {
  id: string;
  shiftSummaryId: string;
  /** The crew member of the library assigned, or null for a name typed in (absent in bundles
   * projected before it was carried). */
  crewMemberId?: string | null;
  crewMemberName: string;
  role: 'driller' | 'offsider';
  /** The SPEC's `isPrimary`; the CSV reads it as isPrimaryDriller. */
  isPrimary: boolean;
  /** The person's start and finish (HH:MM; the shift's where none was set). */
  startTime: string | null;
  finishTime: string | null;
  breakHours: number;
  /** Finish - start (crossing midnight) - break. */
  hours: number;
  travelHours: number;
  /** Hours plus travel. */
  paidHours: number;
  hoursNotes: string | null;
}

export interface BundleRunSheetEntry {
  id: string;
  holeId: string;
  /** 1-based position of the run in its hole's merged, ordered chain. */
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  /** Run length in metres (toDepth - fromDepth). */
  interval: number;
  stickUp: number;
  notes: string | null;
  barrelType: string;
  /** True when the ori tool extension (+0.4 m) was used on this run. */
  oriExtension: boolean;
  oriPassed: boolean;
  rodAdded: boolean;
  oriToolUsed: boolean;
  /** Depth reached at the end of the run; the CSV's depth column (same as toDepth). */
  depth: number;
  /** Whether the run's metres are invoiced; every recorded run is chargeable. */
  chargeable: boolean;
  /** Core recovered on the run in metres, or null when not recorded. */
  recoveredLength: number | null;
}

export interface BundleSurveyEntry {
  id: string;
  holeId: string;
  depth: number;
  azimuth: number;
  dip: number;
  /** The CSV reads it as magneticTotalField. */
  magneticTotal: number | null;
  /** The CSV reads it as surveyMethod. */
  method: 'magnetic' | 'gyroscopic' | 'electronic' | 'manual';
  operator: string | null;
  notes: string | null;
}

export interface BundleTimesheetEntry {
  id: string;
  holeId: string | null;
  activity: 'drilling' | 'setup' | 'maintenance' | 'travel' | 'break' | 'other';
  startTime: string;
  endTime: string;
  /** End minus start in hours, floored at 0. */
  hours: number;
  notes: string | null;
}
