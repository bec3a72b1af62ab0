import {
  setReportNotes,
  setSummaryOverrides,
  summaryOverridesPatchSchema,
  updateShiftDetails,
} from '@plod/model';
import type { ReportSnapshot, ShiftType, SummaryOverridesDraft } from '@plod/model';

type ReportDoc = Parameters<typeof setSummaryOverrides>[0];

/** The Edit Shift Report form; numbers stay text while typed so a blank field can mean "derived". */
export interface EditReportValues {
  operator: string;
  shiftType: ShiftType | null;
  holesCompleted: string;
  totalDepthDrilled: string;
  hoursWorked: string;
  notes: string;
}

export type OverrideField = 'operator' | 'holesCompleted' | 'totalDepthDrilled' | 'hoursWorked';
export const OVERRIDE_FIELDS: readonly OverrideField[] = [
  'operator',
  'holesCompleted',
  'totalDepthDrilled',
  'hoursWorked',
];

/** What the form starts with: the values as shown (the override when stored, else derived). */
export function initialEditValues(report: ReportSnapshot): EditReportValues {
  return {
    operator: report.summary.operator ?? '',
    shiftType: report.shift.shiftType,
    holesCompleted: String(report.summary.holesCompleted),
    totalDepthDrilled: String(report.summary.totalDepthDrilled),
    hoursWorked: String(report.summary.hoursWorked),
    notes: report.notes ?? '',
  };
}

export interface EditReportChanges {
  overrides: SummaryOverridesDraft;
  shiftType?: ShiftType | null;
  notes?: string | null;
}

/**
 * Only the fields the person changed become overrides, so an untouched field keeps following its
 * derived value as runs and timesheets change; a field emptied clears its override. A summary
 * figure that reads what the plod shows now (`shown`) is no change, whatever the form's own
 * bookkeeping says: a time entry arriving while the form was open once left Hours Worked marked
 * changed, and the save pinned the timesheet's own 5.5 h as an override nobody typed.
 */
export function editChanges(
  values: EditReportValues,
  changed: (field: keyof EditReportValues) => boolean,
  shown: EditReportValues,
): EditReportChanges {
  const overrides: SummaryOverridesDraft = {};
  for (const field of OVERRIDE_FIELDS) {
    if (!changed(field) || values[field] === shown[field]) continue;
    overrides[field] = values[field].trim() === '' ? null : values[field];
  }
  return {
    overrides,
    ...(changed('shiftType') ? { shiftType: values.shiftType } : {}),
    ...(changed('notes') ? { notes: values.notes.trim() === '' ? null : values.notes } : {}),
  };
}

/** Form validation with the model's schema (numbers non-negative, holes whole). */
export const editReportSchema = summaryOverridesPatchSchema;

/** One model mutation for Save Changes: overrides, shift type and notes in one transaction. */
export function applyEditReport(doc: ReportDoc, changes: EditReportChanges): void {
  setSummaryOverrides(doc, changes.overrides);
  if (changes.shiftType !== undefined) updateShiftDetails(doc, { shiftType: changes.shiftType });
  if (changes.notes !== undefined) setReportNotes(doc, changes.notes);
}
