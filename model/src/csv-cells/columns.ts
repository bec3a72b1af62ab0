/**
 * The column layout of every CSV section. Headers are the SPEC section 3 field names, with the names
 * the CSV reads where SPEC says so (isPrimaryDriller, depth, chargeable, magneticTotalField,
 * surveyMethod, hoursUsed).
 *
 * Number formats, chosen so a crew reads the same figure the app showed:
 * - depths and drilled metres (fromDepth, toDepth, interval, depth, survey depth, totalDepthDrilled):
 *   one decimal, the resolution a driller records (depth step 0.1);
 * - stick-up: two decimals, because it is a sub-metre offset (0.25 m must not print 0.3);
 * - hours (hoursWorked, hours, timeSpent, hoursUsed) and avgRate: two decimals, so a quarter hour
 *   is exact;
 * - money (ratePerHour, totalCost): two decimals;
 * - counts and whole-number readings (runNumber, holesCompleted, quantity, azimuth, dip,
 *   magneticTotalField): as written, no padding; a negative dip prints as -60, never prefixed.
 */
import type {
  BundleCrewAssignment,
  BundleRunSheetEntry,
  BundleShiftSummary,
  BundleSurveyEntry,
  BundleTimesheetEntry,
} from '../bundle/bundle.ts';
import { booleanCell, fixedCell, plainNumberCell, textCell } from './cells.ts';
import type { CsvCell } from './cells.ts';

/** One column of a section: its header and how a row's cell is formatted. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvCell;
}

const depth = (value: number): CsvCell => fixedCell(value, 1);
/** Hours and money: two decimals (see above). */
export const hoursCell = (value: number): CsvCell => fixedCell(value, 2);
export const moneyCell = (value: number): CsvCell => fixedCell(value, 2);
const hours = hoursCell;

/** The SHIFT SUMMARY section's Field,Value rows, in SPEC order. */
export const SHIFT_SUMMARY_FIELDS: readonly CsvColumn<BundleShiftSummary>[] = [
  { header: 'id', cell: (s) => textCell(s.id) },
  { header: 'date', cell: (s) => textCell(s.date) },
  { header: 'shiftType', cell: (s) => textCell(s.shiftType) },
  { header: 'operator', cell: (s) => textCell(s.operator) },
  { header: 'siteId', cell: (s) => textCell(s.siteId) },
  { header: 'rigId', cell: (s) => textCell(s.rigId) },
  { header: 'site', cell: (s) => textCell(s.site) },
  { header: 'rig', cell: (s) => textCell(s.rig) },
  { header: 'level', cell: (s) => textCell(s.level) },
  { header: 'startTime', cell: (s) => textCell(s.startTime) },
  { header: 'endTime', cell: (s) => textCell(s.endTime) },
  { header: 'holesCompleted', cell: (s) => plainNumberCell(s.holesCompleted) },
  { header: 'totalDepthDrilled', cell: (s) => depth(s.totalDepthDrilled) },
  { header: 'hoursWorked', cell: (s) => hours(s.hoursWorked) },
  { header: 'avgRate', cell: (s) => fixedCell(s.avgRate, 2) },
  { header: 'notes', cell: (s) => textCell(s.notes) },
  { header: 'status', cell: (s) => textCell(s.status) },
  { header: 'completedAt', cell: (s) => textCell(s.completedAt) },
];

export const CREW_ASSIGNMENT_COLUMNS: readonly CsvColumn<BundleCrewAssignment>[] = [
  { header: 'id', cell: (c) => textCell(c.id) },
  { header: 'shiftSummaryId', cell: (c) => textCell(c.shiftSummaryId) },
  { header: 'crewMemberName', cell: (c) => textCell(c.crewMemberName) },
  { header: 'role', cell: (c) => textCell(c.role) },
  { header: 'isPrimaryDriller', cell: (c) => booleanCell(c.isPrimary) },
  { header: 'startTime', cell: (c) => textCell(c.startTime) },
  { header: 'finishTime', cell: (c) => textCell(c.finishTime) },
  { header: 'breakHours', cell: (c) => hours(c.breakHours) },
  { header: 'hours', cell: (c) => hours(c.hours) },
  { header: 'travelHours', cell: (c) => hours(c.travelHours) },
  { header: 'paidHours', cell: (c) => hours(c.paidHours) },
  { header: 'hoursNotes', cell: (c) => textCell(c.hoursNotes) },
];

export const RUN_SHEET_COLUMNS: readonly CsvColumn<BundleRunSheetEntry>[] = [
  { header: 'id', cell: (r) => textCell(r.id) },
  { header: 'holeId', cell: (r) => textCell(r.holeId) },
  { header: 'runNumber', cell: (r) => plainNumberCell(r.runNumber) },
  { header: 'fromDepth', cell: (r) => depth(r.fromDepth) },
  { header: 'toDepth', cell: (r) => depth(r.toDepth) },
  { header: 'interval', cell: (r) => depth(r.interval) },
  { header: 'stickUp', cell: (r) => fixedCell(r.stickUp, 2) },
  { header: 'notes', cell: (r) => textCell(r.notes) },
  { header: 'barrelType', cell: (r) => textCell(r.barrelType) },
  { header: 'oriExtension', cell: (r) => booleanCell(r.oriExtension) },
  { header: 'oriPassed', cell: (r) => booleanCell(r.oriPassed) },
  { header: 'rodAdded', cell: (r) => booleanCell(r.rodAdded) },
  { header: 'oriToolUsed', cell: (r) => booleanCell(r.oriToolUsed) },
  { header: 'depth', cell: (r) => depth(r.depth) },
  { header: 'chargeable', cell: (r) => booleanCell(r.chargeable) },
  {
    header: 'recoveredLength',
    // Blank when not recorded: an empty cell, never 0.
    cell: (r) => (r.recoveredLength === null ? '' : fixedCell(r.recoveredLength, 2)),
  },
];

export const SURVEY_COLUMNS: readonly CsvColumn<BundleSurveyEntry>[] = [
  { header: 'id', cell: (s) => textCell(s.id) },
  { header: 'holeId', cell: (s) => textCell(s.holeId) },
  { header: 'depth', cell: (s) => depth(s.depth) },
  { header: 'azimuth', cell: (s) => plainNumberCell(s.azimuth) },
  { header: 'dip', cell: (s) => plainNumberCell(s.dip) },
  {
    header: 'magneticTotalField',
    // Blank when it was not read: an empty cell, never 0.
    cell: (s) => (s.magneticTotal === null ? '' : plainNumberCell(s.magneticTotal)),
  },
  { header: 'surveyMethod', cell: (s) => textCell(s.method) },
  { header: 'operator', cell: (s) => textCell(s.operator) },
  { header: 'notes', cell: (s) => textCell(s.notes) },
];

export const TIMESHEET_COLUMNS: readonly CsvColumn<BundleTimesheetEntry>[] = [
  { header: 'id', cell: (t) => textCell(t.id) },
  { header: 'holeId', cell: (t) => textCell(t.holeId) },
  { header: 'activity', cell: (t) => textCell(t.activity) },
  { header: 'startTime', cell: (t) => textCell(t.startTime) },
  { header: 'endTime', cell: (t) => textCell(t.endTime) },
  { header: 'hours', cell: (t) => hours(t.hours) },
  { header: 'notes', cell: (t) => textCell(t.notes) },
];
