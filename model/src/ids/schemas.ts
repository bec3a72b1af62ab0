import { z } from 'zod';
import type {
  AssignmentId,
  CrewMemberId,
  HireToolId,
  HoleId,
  ReportId,
  RigId,
  SiteId,
} from './ids.ts';
import { HOLE_ID_MAX_LENGTH, isUuid } from './ids.ts';

function uuidSchema<T extends string>(kind: string) {
  return z
    .string()
    .refine(isUuid, `Invalid ${kind}`)
    .transform((v) => v.toLowerCase() as T);
}

/** zod schemas of the branded ids, for request bodies and stored values. */
export const reportIdSchema = uuidSchema<ReportId>('report id');
export const siteIdSchema = uuidSchema<SiteId>('site id');
export const rigIdSchema = uuidSchema<RigId>('rig id');
export const crewMemberIdSchema = uuidSchema<CrewMemberId>('crew member id');
export const assignmentIdSchema = uuidSchema<AssignmentId>('assignment id');
export const hireToolIdSchema = uuidSchema<HireToolId>('hire tool id');
export const holeIdSchema = z
  .string({ error: 'Hole ID is required' })
  .trim()
  .min(1, 'Hole ID is required')
  .max(HOLE_ID_MAX_LENGTH)
  .transform((v) => v as HoleId);
