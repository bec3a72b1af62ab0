import { validateCrew } from '../crew-assignment/crew-assignment.ts';
import { isShiftSetUp } from '../shift-summary/report-meta-doc.ts';
import { validateTimesheet } from '../timesheet/timesheet.ts';
import type { ReportSnapshot } from './snapshot.ts';

/** SPEC 8 Missing Shift Data toast text. */
export const MISSING_SHIFT_DATA_MESSAGE =
  'No shift details found. Please return to main menu and fill in shift information.';

export interface ReportIssues {
  shift: string[];
  crew: string[];
  timesheet: string[];
  /** Every message, in screen order. */
  all: string[];
}

/**
 * Validation messages of a (possibly merged) report. Invariants a CRDT cannot hold by construction
 * (a timesheet over 12 h, the same person assigned twice) are reported here, never fixed by dropping data.
 */
export function validateReport(snapshot: ReportSnapshot): ReportIssues {
  const shift =
    isShiftSetUp(snapshot.shift) && snapshot.shift.date ? [] : [MISSING_SHIFT_DATA_MESSAGE];
  const crew = validateCrew(snapshot.crew);
  const timesheet = validateTimesheet(snapshot.timesheet);
  return { shift, crew, timesheet, all: [...shift, ...crew, ...timesheet] };
}
