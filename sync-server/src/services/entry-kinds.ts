import {
  addHireToolUsage,
  addMaintenanceEntry,
  addSurveyEntry,
  addTimesheetEntry,
  removeHireToolUsage,
  removeMaintenanceEntry,
  removeSurveyEntry,
  removeTimesheetEntry,
  updateHireToolUsage,
  updateMaintenanceEntry,
  updateSurveyEntry,
  updateTimesheetEntry,
} from '@plod/model';
import type {
  HireToolUsageId,
  HireToolUsageInput,
  HireToolUsagePatch,
  MaintenanceEntryId,
  MaintenanceEntryInput,
  MaintenanceEntryPatch,
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

export const MAINTENANCE: EntryKind<MaintenanceEntryInput, MaintenanceEntryPatch> = {
  what: 'Maintenance entry',
  list: 'maintenanceEntries',
  add: addMaintenanceEntry,
  update: (doc, id, patch) => updateMaintenanceEntry(doc, id as MaintenanceEntryId, patch),
  remove: (doc, id) => removeMaintenanceEntry(doc, id as MaintenanceEntryId),
};

export const HIRE_TOOL_USAGE: EntryKind<HireToolUsageInput, HireToolUsagePatch> = {
  what: 'Hire tool usage',
  list: 'hireToolsUsage',
  add: addHireToolUsage,
  update: (doc, id, patch) => updateHireToolUsage(doc, id as HireToolUsageId, patch),
  remove: (doc, id) => removeHireToolUsage(doc, id as HireToolUsageId),
};
