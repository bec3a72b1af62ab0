import type * as Y from 'yjs';
import { z } from 'zod';
import type { AssignmentId, CrewMemberId } from '../ids/ids.ts';
import { AssignmentIds } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import {
  deleteEntry,
  insertEntry,
  nowIso,
  readEntries,
  requireEntry,
  setFields,
} from '../docs/entries.ts';
import { META, reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import { isShiftSetUp, readShiftDetails } from '../shift-summary/report-meta-doc.ts';
import type {
  CrewAssignment,
  CrewAssignmentDraft,
  CrewAssignmentUpdateDraft,
} from './crew-assignment.ts';
import {
  CREW_MESSAGES,
  assignmentRoleSchema,
  crewAssignmentInputSchema,
  crewAssignmentUpdateSchema,
  isAlreadyAssigned,
} from './crew-assignment.ts';
import { lenient } from '../docs/lenient.ts';
import { timeOfDaySchema } from '../shift/time-schemas.ts';
import type { PersonHoursPatch, ShiftTimes } from './people-hours.ts';
import { firstPersonHoursIssue, personHours } from './people-hours.ts';

const hoursValue = lenient(z.number().finite().nullable(), null);

/**
 * An assignment as stored. The person's hours are absent on assignments made before people's hours
 * (and until someone sets them): start and finish then read as the shift's, break and travel as 0.
 */
const storedAssignmentSchema = z.object({
  crewMemberId: lenient(z.string().nullable(), null),
  crewMemberName: lenient(z.string(), ''),
  role: lenient(assignmentRoleSchema, 'driller'),
  createdAt: lenient(z.string().nullable(), null),
  startTime: lenient(timeOfDaySchema.nullable(), null),
  finishTime: lenient(timeOfDaySchema.nullable(), null),
  breakHours: hoursValue,
  travelHours: hoursValue,
  hoursNotes: lenient(z.string().nullable(), null),
});

/** The primary register as stored (it may name an assignment that was removed concurrently). */
function primaryRegister(doc: Y.Doc): string | null {
  const value = reportMap(doc, 'meta').get(META.primaryAssignmentId);
  return typeof value === 'string' ? value : null;
}

/** Crew assignments, with isPrimary derived from the one primary register (only a driller can be it). */
export function readCrewAssignments(doc: Y.Doc): CrewAssignment[] {
  const primary = primaryRegister(doc);
  const shift = readShiftDetails(doc);
  return readEntries(reportMap(doc, 'crew')).map(([id, raw]) => {
    const stored = storedAssignmentSchema.parse(raw);
    return {
      id: id as AssignmentId,
      crewMemberId: stored.crewMemberId as CrewMemberId | null,
      crewMemberName: stored.crewMemberName,
      role: stored.role,
      isPrimary: id === primary && stored.role === 'driller',
      createdAt: stored.createdAt,
      ...personHours(stored, shift),
    };
  });
}

/** The stored hours of an assignment with a patch over them (undefined keeps, null clears). */
function patchedHours(doc: Y.Doc, id: AssignmentId | null, patch: PersonHoursPatch) {
  const raw = id === null ? undefined : readEntries(reportMap(doc, 'crew')).find(([k]) => k === id);
  const stored = storedAssignmentSchema.parse(raw?.[1] ?? {});
  const pick = <K extends keyof PersonHoursPatch>(key: K) =>
    patch[key] === undefined ? stored[key] : (patch[key] ?? null);
  return {
    startTime: pick('startTime'),
    finishTime: pick('finishTime'),
    breakHours: pick('breakHours'),
    travelHours: pick('travelHours'),
    hoursNotes: pick('hoursNotes'),
  };
}

/** Refuses a person's hours that cannot be right (a break longer than start to finish). */
function requireSensibleHours(
  doc: Y.Doc,
  id: AssignmentId | null,
  patch: PersonHoursPatch,
  shift: ShiftTimes,
): void {
  const issue = firstPersonHoursIssue(personHours(patchedHours(doc, id, patch), shift));
  if (issue !== null) throw new ModelError('invalid-input', issue);
}

/** The hours fields a patch writes: those it names (null clears one). */
function hoursFields(patch: PersonHoursPatch) {
  return {
    startTime: patch.startTime,
    finishTime: patch.finishTime,
    breakHours: patch.breakHours,
    travelHours: patch.travelHours,
    hoursNotes: patch.hoursNotes,
  };
}

/** The effective primary driller's assignment id, or null. */
export function primaryAssignmentId(doc: Y.Doc): AssignmentId | null {
  return readCrewAssignments(doc).find((a) => a.isPrimary)?.id ?? null;
}

/** Assign a crew member; refuses before shift set-up and for someone already assigned (SPEC messages). */
export function assignCrewMember(doc: Y.Doc, input: CrewAssignmentDraft): AssignmentId {
  const parsed = crewAssignmentInputSchema.parse(input);
  const shift = readShiftDetails(doc);
  if (!isShiftSetUp(shift)) {
    throw new ModelError('shift-not-set-up', CREW_MESSAGES.shiftNotSetUp);
  }
  if (isAlreadyAssigned(readCrewAssignments(doc), parsed.crewMemberName)) {
    throw new ModelError('duplicate-crew-member', CREW_MESSAGES.duplicate);
  }
  requireSensibleHours(doc, null, parsed, shift);
  const id = AssignmentIds.create();
  mutateReport(doc, () => {
    insertEntry(reportMap(doc, 'crew'), id, {
      crewMemberId: parsed.crewMemberId,
      crewMemberName: parsed.crewMemberName,
      role: parsed.role,
      createdAt: nowIso(),
      // Only the hours the request set: the rest follow the shift (null is not written).
      ...Object.fromEntries(
        Object.entries(hoursFields(parsed)).filter(([, value]) => value !== null),
      ),
    });
    if (parsed.isPrimary) reportMap(doc, 'meta').set(META.primaryAssignmentId, id);
  });
  return id;
}

/** Make an assignment the primary driller (Set Primary); the previous primary stops being it. */
export function setPrimaryDriller(doc: Y.Doc, assignmentId: AssignmentId): void {
  const assignment = readCrewAssignments(doc).find((a) => a.id === assignmentId);
  if (!assignment) throw new ModelError('not-found', `Crew assignment ${assignmentId} not found`);
  if (assignment.role !== 'driller')
    throw new ModelError('not-a-driller', CREW_MESSAGES.onlyDrillersPrimary);
  // Already primary: no write, which on merge could override a crewmate's choice.
  if (primaryRegister(doc) === assignmentId) return;
  mutateReport(doc, () => reportMap(doc, 'meta').set(META.primaryAssignmentId, assignmentId));
}

/** Edit an assignment (PUT /api/crew-assignments/{id}); isPrimary sets or clears the register. */
export function updateCrewAssignment(
  doc: Y.Doc,
  id: AssignmentId,
  patch: CrewAssignmentUpdateDraft,
): void {
  const parsed = crewAssignmentUpdateSchema.parse(patch);
  const current = readCrewAssignments(doc).find((a) => a.id === id);
  if (!current) throw new ModelError('not-found', `Crew assignment ${id} not found`);
  const role = parsed.role ?? current.role;
  if (parsed.isPrimary === true && role !== 'driller') {
    throw new ModelError('not-a-driller', CREW_MESSAGES.onlyDrillersPrimary);
  }
  if (parsed.crewMemberName !== undefined) {
    const others = readCrewAssignments(doc).filter((a) => a.id !== id);
    if (isAlreadyAssigned(others, parsed.crewMemberName)) {
      throw new ModelError('duplicate-crew-member', CREW_MESSAGES.duplicate);
    }
  }
  requireSensibleHours(doc, id, parsed, readShiftDetails(doc));
  mutateReport(doc, () => {
    const meta = reportMap(doc, 'meta');
    setFields(requireEntry(reportMap(doc, 'crew'), id, 'Crew assignment'), {
      crewMemberName: parsed.crewMemberName,
      role: parsed.role,
      ...hoursFields(parsed),
    });
    const wasPrimary = primaryRegister(doc) === id;
    if (parsed.isPrimary === true) meta.set(META.primaryAssignmentId, id);
    else if (wasPrimary && (parsed.isPrimary === false || role !== 'driller'))
      meta.delete(META.primaryAssignmentId);
  });
}

/** Remove an assignment; removing the primary clears the register. */
export function removeCrewAssignment(doc: Y.Doc, id: AssignmentId): boolean {
  return mutateReport(doc, () => {
    const removed = deleteEntry(reportMap(doc, 'crew'), id);
    if (primaryRegister(doc) === id) reportMap(doc, 'meta').delete(META.primaryAssignmentId);
    return removed;
  });
}
