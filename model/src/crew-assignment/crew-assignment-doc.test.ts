import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ReportIds } from '../ids/ids.ts';
import { createReport } from '../shift-summary/report-meta-doc.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { expectModelError, newReportDoc } from '../report-doc/testing.ts';
import { MISSING_SHIFT_DATA_MESSAGE, validateReport } from '../report-doc/validate.ts';
import {
  assignCrewMember,
  removeCrewAssignment,
  setPrimaryDriller,
  updateCrewAssignment,
} from './crew-assignment-doc.ts';
import { CREW_MESSAGES } from './crew-assignment.ts';

describe('crew assignments in a report', () => {
  it('keeps exactly one primary driller, derived from one register', () => {
    const doc = newReportDoc();
    const bob = assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller', isPrimary: true });
    const cy = assignCrewMember(doc, { crewMemberName: 'Cy', role: 'driller', isPrimary: false });
    const ann = assignCrewMember(doc, {
      crewMemberName: 'Ann',
      role: 'offsider',
      isPrimary: false,
    });
    setPrimaryDriller(doc, cy);
    let snapshot = readReport(doc);
    expect(snapshot.crew.filter((a) => a.isPrimary).map((a) => a.id)).toEqual([cy]);
    expect(snapshot.summary.operator).toBe('Cy');
    expectModelError(
      () => setPrimaryDriller(doc, ann),
      'not-a-driller',
      CREW_MESSAGES.onlyDrillersPrimary,
    );
    removeCrewAssignment(doc, cy);
    snapshot = readReport(doc);
    expect(snapshot.primaryAssignmentId).toBeNull();
    expect(validateReport(snapshot).crew).toEqual([CREW_MESSAGES.noPrimary]);
    updateCrewAssignment(doc, bob, { isPrimary: true });
    updateCrewAssignment(doc, bob, { role: 'offsider' });
    expect(readReport(doc).primaryAssignmentId).toBeNull();
  });

  it('refuses a duplicate crew member and crew before the shift is set up, with the SPEC messages', () => {
    const doc = newReportDoc();
    assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller', isPrimary: false });
    expectModelError(
      () => assignCrewMember(doc, { crewMemberName: ' bob', role: 'offsider', isPrimary: false }),
      'duplicate-crew-member',
      CREW_MESSAGES.duplicate,
    );
    const empty = new Y.Doc();
    createReport(empty, { id: ReportIds.create() });
    expectModelError(
      () => assignCrewMember(empty, { crewMemberName: 'Bob', role: 'driller', isPrimary: false }),
      'shift-not-set-up',
      CREW_MESSAGES.shiftNotSetUp,
    );
    expect(validateReport(readReport(empty)).shift).toEqual([MISSING_SHIFT_DATA_MESSAGE]);
  });
});
