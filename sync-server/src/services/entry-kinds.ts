import {
  addSurveyEntry,
  addTimesheetEntry,
  removeSurveyEntry,
  removeTimesheetEntry,
  updateSurveyEntry,
  updateTimesheetEntry,
} from '@plod/model';
import type * as Y from 'yjs';
import type { PlodPartRows } from '@plod/model';
import type { EntryKind, EntryList } from './report-entries.ts';

/** The model's add, update and remove of one kind of report row (ids typed by kind). */
interface ModelRows<In, Patch, Id extends string> {
  add(doc: Y.Doc, input: In): string;
  update(doc: Y.Doc, id: Id, patch: Patch): void;
  remove(doc: Y.Doc, id: Id): boolean;
}

// Ids arrive as path text; a text that names no row simply is not found by the model (404).
function entryKind<In, Patch, Id extends string>(
  what: string,
  list: EntryList,
  model: ModelRows<In, Patch, Id>,
): EntryKind<In, Patch> {
  return {
    what,
    list,
    add: model.add,
    update: (doc, id, patch) => model.update(doc, id as Id, patch),
    remove: (doc, id) => model.remove(doc, id as Id),
  };
}

export const TIMESHEET = entryKind('Timesheet entry', 'timesheetEntries', {
  add: addTimesheetEntry,
  update: updateTimesheetEntry,
  remove: removeTimesheetEntry,
});

export const SURVEY = entryKind('Survey entry', 'surveyEntries', {
  add: addSurveyEntry,
  update: updateSurveyEntry,
  remove: removeSurveyEntry,
});

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
