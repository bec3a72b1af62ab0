import {
  addSurveyEntry,
  addTimesheetEntry,
  removeSurveyEntry,
  removeTimesheetEntry,
  updateSurveyEntry,
  updateTimesheetEntry,
} from '@plod/model';
import type {
  PlodPartRows,
  SurveyEntryId,
  SurveyEntryInput,
  SurveyEntryPatch,
  TimesheetEntryId,
  TimesheetEntryInput,
  TimesheetEntryPatch,
} from '@plod/model';
import type { EntryKind } from './report-entries.ts';

// Ids arrive as path text; a text that names no row simply is not found by the model (404).
export const TIMESHEET: EntryKind<TimesheetEntryInput, TimesheetEntryPatch> = {
  what: 'Timesheet entry',
  list: 'timesheetEntries',
  add: addTimesheetEntry,
  update: (doc, id, patch) => updateTimesheetEntry(doc, id as TimesheetEntryId, patch),
  remove: (doc, id) => removeTimesheetEntry(doc, id as TimesheetEntryId),
};

export const SURVEY: EntryKind<SurveyEntryInput, SurveyEntryPatch> = {
  what: 'Survey entry',
  list: 'surveyEntries',
  add: addSurveyEntry,
  update: (doc, id, patch) => updateSurveyEntry(doc, id as SurveyEntryId, patch),
  remove: (doc, id) => removeSurveyEntry(doc, id as SurveyEntryId),
};

/** A part made with definePart (model/src/parts): its rows as REST adds, changes and removes them. */
export function partEntryKind(part: PlodPartRows): EntryKind<unknown, unknown> {
  return {
    what: part.what,
    list: part.bundleList,
    add: part.addAny,
    update: part.updateById,
    remove: part.removeById,
    fromSetup: part.fromSetup,
  };
}
