import { z } from 'zod';
import { DEFAULT_CREW_ROLE } from '../constants/constants.ts';
import type { CrewMemberId, SiteId } from '../ids/ids.ts';
import { optionalText, requiredText } from '../format/numbers.ts';
import { siteIdSchema } from '../ids/schemas.ts';

export const CREW_ROLES = ['driller', 'offsider', 'supervisor', 'trainee'] as const;
export const crewRoleSchema = z.enum(CREW_ROLES);
export type CrewRole = z.infer<typeof crewRoleSchema>;

export const MEMBER_NAME_REQUIRED = 'Crew member name is required';

/** A crew member available at a site (supervisor-managed). */
export interface CrewMember {
  id: CrewMemberId;
  memberName: string;
  role: CrewRole;
  certification: string | null;
  experience: string | null;
  siteId: SiteId;
  isActive: boolean;
}

/** POST /api/crew-members: new crew default to the driller role. */
export const crewMemberCreateSchema = z.object({
  memberName: requiredText(MEMBER_NAME_REQUIRED),
  role: crewRoleSchema.default(DEFAULT_CREW_ROLE),
  certification: optionalText,
  experience: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => optionalText.parse(v == null ? v : String(v))),
  siteId: siteIdSchema,
  isActive: z.boolean().default(true),
});
export type CrewMemberCreate = z.infer<typeof crewMemberCreateSchema>;

/** PUT /api/crew-members/{id}. */
export const crewMemberUpdateSchema = z.object({
  memberName: requiredText(MEMBER_NAME_REQUIRED).optional(),
  role: crewRoleSchema.optional(),
  certification: optionalText.optional(),
  experience: crewMemberCreateSchema.shape.experience.optional(),
  siteId: siteIdSchema.optional(),
  isActive: z.boolean().optional(),
});
export type CrewMemberUpdate = z.infer<typeof crewMemberUpdateSchema>;

/** Members of a site that are not yet assigned (the Crew screen hides assigned ones). */
export function availableCrewMembers(
  members: readonly CrewMember[],
  siteId: SiteId | null,
  assignedNames: readonly string[],
): CrewMember[] {
  const assigned = new Set(assignedNames.map((n) => n.trim().toLowerCase()));
  return members.filter(
    (m) => m.isActive && m.siteId === siteId && !assigned.has(m.memberName.trim().toLowerCase()),
  );
}
