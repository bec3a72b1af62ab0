import { z } from 'zod';
import type { AssignmentId, CrewMemberId } from '../ids/ids.ts';
import { crewMemberIdSchema, reportIdSchema } from '../ids/schemas.ts';
import { requiredText } from '../format/numbers.ts';
import type { PersonHours } from './people-hours.ts';
import { personHoursPatchShape } from './people-hours.ts';

export const ASSIGNMENT_ROLES = ['driller', 'offsider'] as const;
export const assignmentRoleSchema = z.enum(ASSIGNMENT_ROLES);
export type AssignmentRole = z.infer<typeof assignmentRoleSchema>;

/** SPEC 5 crew messages, shown verbatim. */
export const CREW_MESSAGES = {
  noDriller: 'At least one driller must be assigned to the shift',
  noPrimary: 'One driller must be designated as primary',
  multiplePrimary: 'Only one driller can be designated as primary',
  duplicate: 'This crew member is already assigned to this shift',
  shiftNotSetUp:
    'Please go to Shift Details first to set up the shift before assigning crew members',
  onlyDrillersPrimary: 'Only drillers can be designated as primary',
  memberRequired: 'Please choose a crew member',
} as const;

/** Role choices of the assign form; Primary Driller is role driller plus the primary register. */
export const ASSIGN_ROLE_CHOICES = [
  { value: 'driller', label: 'Driller' },
  { value: 'primary-driller', label: 'Primary Driller' },
  { value: 'offsider', label: 'Offsider' },
] as const;
export type AssignRoleChoice = (typeof ASSIGN_ROLE_CHOICES)[number]['value'];

/** Maps a form role choice to the stored role and whether to make it primary. */
export function resolveRoleChoice(choice: AssignRoleChoice): {
  role: AssignmentRole;
  isPrimary: boolean;
} {
  return choice === 'primary-driller'
    ? { role: 'driller', isPrimary: true }
    : { role: choice, isPrimary: false };
}

/**
 * A crew assignment as a snapshot shows it; isPrimary is derived from the report's primary register,
 * and the person's hours (start, finish, break, travel, notes) from what is stored and the shift.
 */
export interface CrewAssignment extends PersonHours {
  id: AssignmentId;
  crewMemberId: CrewMemberId | null;
  crewMemberName: string;
  role: AssignmentRole;
  isPrimary: boolean;
  createdAt: string | null;
}

/** POST /api/crew-assignments (and the Crew screen's assign form). */
export const crewAssignmentInputSchema = z
  .object({
    shiftSummaryId: reportIdSchema.optional(),
    crewMemberId: crewMemberIdSchema.nullish().transform((v) => v ?? null),
    crewMemberName: requiredText(CREW_MESSAGES.memberRequired),
    role: assignmentRoleSchema.default('driller'),
    isPrimary: z.boolean().default(false),
    ...personHoursPatchShape,
  })
  .refine((a) => !a.isPrimary || a.role === 'driller', {
    message: CREW_MESSAGES.onlyDrillersPrimary,
    path: ['isPrimary'],
  });
export type CrewAssignmentInput = z.infer<typeof crewAssignmentInputSchema>;
export type CrewAssignmentDraft = z.input<typeof crewAssignmentInputSchema>;

/** PUT /api/crew-assignments/{id}: the full assignment plus isPrimary and the person's hours. */
export const crewAssignmentUpdateSchema = z
  .object({
    crewMemberName: requiredText(CREW_MESSAGES.memberRequired).optional(),
    role: assignmentRoleSchema.optional(),
    isPrimary: z.boolean().optional(),
    ...personHoursPatchShape,
  })
  .refine((a) => !(a.isPrimary === true && a.role === 'offsider'), {
    message: CREW_MESSAGES.onlyDrillersPrimary,
    path: ['isPrimary'],
  });
export type CrewAssignmentUpdate = z.infer<typeof crewAssignmentUpdateSchema>;
export type CrewAssignmentUpdateDraft = z.input<typeof crewAssignmentUpdateSchema>;

/** Name key used to detect the same person assigned twice. */
export function crewNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** True when the named member is already in the list. */
export function isAlreadyAssigned(
  assignments: readonly Pick<CrewAssignment, 'crewMemberName'>[],
  name: string,
): boolean {
  const key = crewNameKey(name);
  return assignments.some((a) => crewNameKey(a.crewMemberName) === key);
}

/**
 * The Crew Assignment Issues list (SPEC 5), in the SPEC's order. Duplicates can appear only after two
 * phones assign the same person offline; the merged state is shown, with the message, never dropped.
 */
export function validateCrew(
  assignments: readonly Pick<CrewAssignment, 'crewMemberName' | 'role' | 'isPrimary'>[],
): string[] {
  const issues: string[] = [];
  const drillers = assignments.filter((a) => a.role === 'driller');
  const primaries = drillers.filter((a) => a.isPrimary);
  if (drillers.length === 0) issues.push(CREW_MESSAGES.noDriller);
  else if (primaries.length === 0) issues.push(CREW_MESSAGES.noPrimary);
  if (primaries.length > 1) issues.push(CREW_MESSAGES.multiplePrimary);
  const seen = new Set<string>();
  for (const a of assignments) {
    const key = crewNameKey(a.crewMemberName);
    if (seen.has(key)) {
      issues.push(CREW_MESSAGES.duplicate);
      break;
    }
    seen.add(key);
  }
  return issues;
}
