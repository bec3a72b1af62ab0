import { describe, expect, it } from 'vitest';
import type { CrewMember } from './crew-member.ts';
import {
  MEMBER_NAME_REQUIRED,
  availableCrewMembers,
  crewMemberCreateSchema,
} from './crew-member.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1';
const OTHER = '0190a000-0000-7000-8000-0000000000a2';

describe('crew members', () => {
  it('defaults a new crew member to the driller role, active', () => {
    expect(
      crewMemberCreateSchema.parse({ memberName: ' Bob ', siteId: SITE, experience: 5 }),
    ).toEqual({
      memberName: 'Bob',
      role: 'driller',
      certification: null,
      experience: '5',
      siteId: SITE,
      isActive: true,
    });
  });
  it('requires a name and a site', () => {
    expect(
      crewMemberCreateSchema.safeParse({ memberName: '', siteId: SITE }).error?.issues[0]?.message,
    ).toBe(MEMBER_NAME_REQUIRED);
    expect(crewMemberCreateSchema.safeParse({ memberName: 'Bob' }).success).toBe(false);
  });
  it("offers only the site's active members who are not yet assigned", () => {
    const member = (id: string, name: string, siteId: string, isActive = true) =>
      ({
        id,
        memberName: name,
        role: 'driller',
        certification: null,
        experience: null,
        siteId,
        isActive,
      }) as CrewMember;
    const members = [
      member('1', 'Bob', SITE),
      member('2', 'Cy', SITE),
      member('3', 'Dee', OTHER),
      member('4', 'Eve', SITE, false),
    ];
    expect(
      availableCrewMembers(members, SITE as CrewMember['siteId'], [' bob']).map(
        (m) => m.memberName,
      ),
    ).toEqual(['Cy']);
  });
});
