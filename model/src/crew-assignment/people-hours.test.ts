import { describe, expect, it } from 'vitest';
import { v1ReportDoc } from '../docs/schema-fixtures.ts';
import { describeHistory } from '../history-view/describe.ts';
import { readHistory } from '../history/read.ts';
import { describeReportChanges } from '../report-doc/changes.ts';
import { ReportIds } from '../ids/ids.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { expectModelError, newReportDoc } from '../report-doc/testing.ts';
import { updateShiftDetails } from '../shift-summary/report-meta-doc.ts';
import {
  assignCrewMember,
  readCrewAssignments,
  updateCrewAssignment,
} from './crew-assignment-doc.ts';
import { crewAssignmentUpdateSchema } from './crew-assignment.ts';
import {
  PEOPLE_HOURS_MESSAGES,
  personHours,
  personHoursIssues,
  personHoursText,
} from './people-hours.ts';

const NOTHING_SET = {
  startTime: null,
  finishTime: null,
  breakHours: null,
  travelHours: null,
  hoursNotes: null,
};

describe("a person's hours", () => {
  it("take the shift's start and finish, no break and no travel until set", () => {
    expect(personHours(NOTHING_SET, { startTime: '18:00', endTime: '06:00' })).toEqual({
      startTime: '18:00',
      finishTime: '06:00',
      breakHours: 0,
      travelHours: 0,
      hoursNotes: null,
      ownTimes: false,
      hours: 12,
      paidHours: 12,
    });
  });

  it('cross midnight by the timesheet rule: a finish before the start is the next day', () => {
    const hours = personHours(
      { ...NOTHING_SET, finishTime: '02:30', breakHours: 0.5, travelHours: 1.5 },
      { startTime: '18:00', endTime: '06:00' },
    );
    expect(hours).toMatchObject({ startTime: '18:00', finishTime: '02:30', ownTimes: true });
    expect(hours.hours).toBe(8);
    expect(hours.paidHours).toBe(9.5);
    expect(personHoursText(hours)).toBe(
      '6:00 PM - 2:30 AM · 8.00 h worked · break 0.50 h · travel 1.50 h',
    );
  });

  it('say beside the field when the break is longer than start to finish, or travel is negative', () => {
    const shift = { startTime: '22:00', endTime: '01:00' };
    expect(personHoursIssues(personHours({ ...NOTHING_SET, breakHours: 3 }, shift))).toEqual({});
    expect(
      personHoursIssues(personHours({ ...NOTHING_SET, breakHours: 3.5, travelHours: -1 }, shift)),
    ).toEqual({
      breakHours: PEOPLE_HOURS_MESSAGES.breakTooLong,
      travelHours: PEOPLE_HOURS_MESSAGES.negativeTravel,
    });
    expect(
      crewAssignmentUpdateSchema.safeParse({ travelHours: -1 }).error?.issues[0]?.message,
    ).toBe(PEOPLE_HOURS_MESSAGES.negativeTravel);
  });
});

describe("people's hours on crew assignments", () => {
  it("follow the shift's times until set, and a change of the shift moves them", () => {
    const doc = newReportDoc();
    const bob = assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller', isPrimary: true });
    expect(readCrewAssignments(doc)[0]).toMatchObject({
      startTime: '06:00',
      finishTime: '18:00',
      hours: 12,
    });
    updateShiftDetails(doc, { shiftType: 'night', startTime: '18:00', endTime: '06:00' });
    updateCrewAssignment(doc, bob, { finishTime: '04:00', breakHours: 1, travelHours: 2 });
    expect(readReport(doc).crew[0]).toMatchObject({
      startTime: '18:00',
      finishTime: '04:00',
      breakHours: 1,
      hours: 9,
      travelHours: 2,
      paidHours: 11,
    });
    // Cleared, the finish follows the shift again.
    updateCrewAssignment(doc, bob, { finishTime: null });
    expect(readCrewAssignments(doc)[0]).toMatchObject({ finishTime: '06:00', hours: 11 });
  });

  it('refuse a break longer than start to finish, and keep what was stored', () => {
    const doc = newReportDoc();
    const ann = assignCrewMember(doc, { crewMemberName: 'Ann', role: 'offsider' });
    updateCrewAssignment(doc, ann, { startTime: '15:00' });
    expectModelError(
      () => updateCrewAssignment(doc, ann, { breakHours: 4 }),
      'invalid-input',
      PEOPLE_HOURS_MESSAGES.breakTooLong,
    );
    expectModelError(
      () => assignCrewMember(doc, { crewMemberName: 'Cy', startTime: '17:00', breakHours: 2 }),
      'invalid-input',
      PEOPLE_HOURS_MESSAGES.breakTooLong,
    );
    expect(readCrewAssignments(doc)).toHaveLength(1);
    expect(readCrewAssignments(doc)[0]).toMatchObject({ breakHours: 0, hours: 3 });
  });

  it("read an assignment made before people's hours as the shift's times, no break", () => {
    const doc = v1ReportDoc(ReportIds.create());
    const crew = readCrewAssignments(doc);
    expect(crew).toHaveLength(3);
    for (const person of crew) {
      expect(person).toMatchObject({
        startTime: '06:00',
        finishTime: '18:00',
        breakHours: 0,
        travelHours: 0,
        hoursNotes: null,
        hours: 12,
        paidHours: 12,
      });
    }
  });

  it('are recorded in the history with their labels, and in the late-edit change lines', () => {
    const doc = newReportDoc();
    const cy = assignCrewMember(doc, { crewMemberName: 'Cy', role: 'offsider' });
    const before = readReport(doc);
    updateCrewAssignment(doc, cy, { finishTime: '16:00', breakHours: 0.5, travelHours: 1 });
    // The row's name comes from when it was added: describe the whole history, show the last three.
    const described = describeHistory(readHistory(doc)).slice(-3);
    expect(described.map((d) => [d.group, d.text])).toEqual([
      ['Crew', 'Cy (offsider) · Break set to 0.5 h'],
      ['Crew', 'Cy (offsider) · Finish set to 16:00'],
      ['Crew', 'Cy (offsider) · Travel set to 1 h'],
    ]);
    expect(describeReportChanges(before, readReport(doc)).map((c) => c.text)).toEqual([
      'Cy finish 18:00 -> 16:00',
      'Cy break 0 -> 0.5 h',
      'Cy travel 0 -> 1 h',
    ]);
  });
});
