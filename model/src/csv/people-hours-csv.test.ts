import { describe, expect, it } from 'vitest';
import type { BundleCrewAssignment, ShiftReportBundle } from '../bundle/bundle';
import { peopleHoursRows, personTotals } from './people-hours-csv';
import { fullBundle } from './test/bundles';

function person(
  id: string,
  crewMemberName: string,
  crewMemberId: string | null | undefined,
  hours: number,
): BundleCrewAssignment {
  return {
    id,
    shiftSummaryId: 'rep-1',
    crewMemberName,
    ...(crewMemberId === undefined ? {} : { crewMemberId }),
    role: 'offsider',
    isPrimary: false,
    startTime: '06:00',
    finishTime: '18:00',
    breakHours: 12 - hours,
    hours,
    travelHours: 0,
    paidHours: hours,
    hoursNotes: null,
  };
}

function plod(id: string, date: string, crew: BundleCrewAssignment[]): ShiftReportBundle {
  const bundle = fullBundle();
  return {
    ...bundle,
    shiftSummary: { ...bundle.shiftSummary, id, date },
    crewAssignments: crew.map((c) => ({ ...c, shiftSummaryId: id })),
  };
}

describe("people's hours totals per person", () => {
  it('keeps two crew members who share a name apart (totals are per person, by id)', () => {
    const rows = peopleHoursRows([
      plod('p1', '2026-04-01', [person('a1', 'Chris Lee', 'cm-1', 10)]),
      plod('p2', '2026-04-02', [person('a2', 'Chris Lee', 'cm-2', 8)]),
      plod('p3', '2026-04-03', [person('a3', 'chris lee', 'cm-1', 11)]),
    ]);
    const totals = personTotals(rows);
    expect(totals.map((t) => [t.person, t.shifts, t.hours])).toEqual([
      ['Chris Lee', 2, 21],
      ['Chris Lee', 1, 8],
    ]);
  });

  it('counts a typed name with no crew member under the one person of that name', () => {
    const rows = peopleHoursRows([
      plod('p1', '2026-04-01', [person('a1', 'Ann Lee', 'cm-1', 10)]),
      plod('p2', '2026-04-02', [person('a2', 'ann lee', null, 8)]),
      // A plod projected before assignments carried the crew member's id.
      plod('p3', '2026-04-03', [person('a3', 'Ann Lee', undefined, 6)]),
    ]);
    expect(personTotals(rows).map((t) => [t.person, t.shifts, t.hours])).toEqual([
      ['Ann Lee', 3, 24],
    ]);
  });

  it('keeps a typed name apart when two crew members carry that name', () => {
    const rows = peopleHoursRows([
      plod('p1', '2026-04-01', [person('a1', 'Chris Lee', 'cm-1', 10)]),
      plod('p2', '2026-04-02', [person('a2', 'Chris Lee', 'cm-2', 8)]),
      plod('p3', '2026-04-03', [person('a3', 'Chris Lee', null, 6)]),
    ]);
    expect(personTotals(rows).map((t) => [t.person, t.shifts, t.hours])).toEqual([
      ['Chris Lee', 1, 10],
      ['Chris Lee', 1, 8],
      ['Chris Lee', 1, 6],
    ]);
  });
});
