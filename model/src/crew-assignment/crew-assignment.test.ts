import { describe, expect, it } from 'vitest';
import {
  CREW_MESSAGES,
  crewAssignmentInputSchema,
  isAlreadyAssigned,
  resolveRoleChoice,
  validateCrew,
} from './crew-assignment.ts';

const driller = (name: string, isPrimary = false) => ({
  crewMemberName: name,
  role: 'driller' as const,
  isPrimary,
});
const offsider = (name: string) => ({
  crewMemberName: name,
  role: 'offsider' as const,
  isPrimary: false,
});

describe('crew validation', () => {
  it('needs at least one driller', () => {
    expect(validateCrew([offsider('Ann')])).toEqual([
      'At least one driller must be assigned to the shift',
    ]);
  });
  it('needs one driller designated as primary', () => {
    expect(validateCrew([driller('Bob')])).toEqual(['One driller must be designated as primary']);
  });
  it('allows only one primary driller', () => {
    expect(validateCrew([driller('Bob', true), driller('Cy', true)])).toEqual([
      'Only one driller can be designated as primary',
    ]);
  });
  it('flags the same person assigned twice', () => {
    expect(validateCrew([driller('Bob', true), offsider(' bob ')])).toEqual([
      'This crew member is already assigned to this shift',
    ]);
    expect(isAlreadyAssigned([driller('Bob')], 'BOB')).toBe(true);
  });
  it('is clean with one primary driller and an offsider', () => {
    expect(validateCrew([driller('Bob', true), offsider('Ann')])).toEqual([]);
  });
  it('keeps the shift set-up message verbatim', () => {
    expect(CREW_MESSAGES.shiftNotSetUp).toBe(
      'Please go to Shift Details first to set up the shift before assigning crew members',
    );
  });
});

describe('crew assignment input', () => {
  it('stores Primary Driller as role driller plus primary', () => {
    expect(resolveRoleChoice('primary-driller')).toEqual({ role: 'driller', isPrimary: true });
    expect(resolveRoleChoice('offsider')).toEqual({ role: 'offsider', isPrimary: false });
  });
  it('lets only drillers be primary', () => {
    const result = crewAssignmentInputSchema.safeParse({
      crewMemberName: 'Ann',
      role: 'offsider',
      isPrimary: true,
    });
    expect(result.error?.issues[0]?.message).toBe(CREW_MESSAGES.onlyDrillersPrimary);
  });
  it('defaults to a non-primary driller', () => {
    expect(crewAssignmentInputSchema.parse({ crewMemberName: ' Bob ' })).toMatchObject({
      crewMemberName: 'Bob',
      role: 'driller',
      isPrimary: false,
      crewMemberId: null,
    });
  });
});
