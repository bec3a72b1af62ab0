import { z } from 'zod';
import type { CrewMemberId, SiteId } from '../ids/ids.ts';
import { CrewMemberIds } from '../ids/ids.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { requireSite } from '../site/site-doc.ts';
import type { CrewMember } from './crew-member.ts';
import { crewMemberCreateSchema, crewMemberUpdateSchema, crewRoleSchema } from './crew-member.ts';
import { lenient, lenientId } from '../docs/lenient.ts';

const storedSchema = z.object({
  memberName: lenient(z.string(), ''),
  role: lenient(crewRoleSchema, 'driller'),
  certification: lenient(z.string().nullable(), null),
  experience: lenient(z.string().nullable(), null),
  siteId: lenientId<SiteId>(''),
  isActive: lenient(z.boolean(), true),
});

const crewMembers = collectionIn(setupRoot('crewMembers'), 'Crew member', {
  newId: () => CrewMemberIds.create(),
  read: (id: CrewMemberId, raw): CrewMember => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: crewMemberCreateSchema,
  patchSchema: crewMemberUpdateSchema,
  beforeAdd: (doc, input) => requireSite(doc, input.siteId),
});

/** Add a crew member to a site (role defaults to driller). */
export const addCrewMember = crewMembers.add;
/** Edit a crew member. */
export const updateCrewMember = crewMembers.update;
/** Delete a crew member. */
export const deleteCrewMember = crewMembers.remove;
/** All crew members. */
export const readCrewMembers = crewMembers.read;
