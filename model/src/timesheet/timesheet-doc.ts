import { z } from 'zod';
import type { HoleId, TimesheetEntryId } from '../ids/ids.ts';
import { TimesheetEntryIds } from '../ids/ids.ts';
import { collectionIn, reportRoot } from '../kernel/collections.ts';
import type { TimesheetEntry } from './timesheet.ts';
import {
  entryHours,
  timesheetActivitySchema,
  timesheetEntryInputSchema,
  timesheetEntryPatchSchema,
} from './timesheet.ts';
import { lenient, lenientId } from '../docs/lenient.ts';

const storedSchema = z.object({
  holeId: lenientId<HoleId>(null),
  activity: lenient(timesheetActivitySchema, 'drilling'),
  startTime: lenient(z.string(), ''),
  endTime: lenient(z.string(), ''),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const timesheet = collectionIn(reportRoot('timesheet'), 'Timesheet entry', {
  newId: () => TimesheetEntryIds.create(),
  read: (id: TimesheetEntryId, raw): TimesheetEntry => {
    const stored = storedSchema.parse(raw);
    return { id, ...stored, hours: entryHours(stored) };
  },
  inputSchema: timesheetEntryInputSchema,
  patchSchema: timesheetEntryPatchSchema,
  toFields: ({ hours: _ignored, ...input }) => input,
});

/** Add a timesheet row (hours are derived from its times). */
export const addTimesheetEntry = timesheet.add;
/** Edit a timesheet row. */
export const updateTimesheetEntry = timesheet.update;
/** Remove a timesheet row. */
export const removeTimesheetEntry = timesheet.remove;
/** The timesheet rows with their hours. */
export const readTimesheet = timesheet.read;
