import { personHoursText } from '@plod/model';
import type { CrewAssignment } from '@plod/model';
import type { Fact } from '../plod/FactList';

export const NOT_ASSIGNED = 'Not assigned';

/**
 * Crew lines of the Shift Completion screen: the primary driller first as Driller, other drillers
 * numbered after it, then Offsider 1..n; a role with nobody shows Not assigned.
 */
export function crewLines(crew: readonly CrewAssignment[]): Fact[] {
  const drillers = [...crew.filter((c) => c.role === 'driller')].sort(
    (a, b) => Number(b.isPrimary) - Number(a.isPrimary),
  );
  const offsiders = crew.filter((c) => c.role === 'offsider');
  const lines: Fact[] = [];
  if (drillers.length === 0) lines.push({ label: 'Driller', value: NOT_ASSIGNED });
  drillers.forEach((d, i) =>
    lines.push({
      label: i === 0 ? 'Driller' : `Driller ${i + 1}`,
      value: d.isPrimary ? `${d.crewMemberName} (Primary)` : d.crewMemberName,
    }),
  );
  if (offsiders.length === 0) lines.push({ label: 'Offsider 1', value: NOT_ASSIGNED });
  offsiders.forEach((o, i) => lines.push({ label: `Offsider ${i + 1}`, value: o.crewMemberName }));
  return lines;
}

/** People's hours on Shift Completion: each person's start, finish, hours, break and travel. */
export function peopleHoursLines(crew: readonly CrewAssignment[]): Fact[] {
  return crew.map((c) => ({ label: c.crewMemberName, value: personHoursText(c) }));
}
