import { z } from 'zod';
import {
  CLEANUP_DAYS_MAX,
  CLEANUP_DAYS_MIN,
  DEFAULT_CLEANUP_DAYS,
} from '../constants/constants.ts';
import type { HoleId, SiteId } from '../ids/ids.ts';
import { requiredText, toNumberOr } from '../format/numbers.ts';

export const SITE_NAME_REQUIRED = 'Site name is required';

/** A site as the setup document stores it; holeIds come from the hole register. */
export interface Site {
  id: SiteId;
  siteName: string;
  autoCleanupDays: number;
  enableAutoCleanup: boolean;
  supervisorEmail: string | null;
  createdAt: string | null;
  /**
   * When a supervisor archived the site (a site with plods is archived, not deleted): it leaves the
   * crews' pickers and keeps its rigs, crew, tools and plods. Null for a site in use.
   */
  archivedAt: string | null;
}

/** A site with the labels of its holes (SPEC 3: holeIds). */
export interface SiteWithHoles extends Site {
  holeIds: HoleId[];
}

/** Cleanup days in 1-365, else null (SPEC 5: out-of-range values are ignored). */
export function parseCleanupDays(value: unknown): number | null {
  const n = toNumberOr(value, Number.NaN);
  if (!Number.isInteger(n) || n < CLEANUP_DAYS_MIN || n > CLEANUP_DAYS_MAX) return null;
  return n;
}

/** Auto cleanup is on unless explicitly false. */
export function parseAutoCleanup(value: unknown): boolean {
  return value !== false;
}

/** Supervisor email trimmed; empty becomes null. */
export function parseSupervisorEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** POST /api/sites and POST /api/site-config: { siteName }. */
export const siteCreateSchema = z.object({ siteName: requiredText(SITE_NAME_REQUIRED) });
export type SiteCreate = z.infer<typeof siteCreateSchema>;

/** PUT /api/sites/{id}: the full or partial site; cleanup days out of range are ignored. */
export const siteUpdateSchema = z.object({
  siteName: requiredText(SITE_NAME_REQUIRED).optional(),
  autoCleanupDays: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (v === undefined ? undefined : (parseCleanupDays(v) ?? undefined))),
  enableAutoCleanup: z
    .boolean()
    .nullish()
    .transform((v) => (v == null ? undefined : v)),
  supervisorEmail: z
    .string()
    .nullish()
    .transform((v) => (v === undefined ? undefined : parseSupervisorEmail(v)))
    .refine((v) => v == null || z.email().safeParse(v).success, 'Invalid email address'),
});
export type SiteUpdate = z.infer<typeof siteUpdateSchema>;

/** Reads a stored site leniently, applying the SPEC defaults. */
export function siteFromStored(id: SiteId, raw: Record<string, unknown>): Site {
  return {
    id,
    siteName: typeof raw.siteName === 'string' ? raw.siteName : '',
    autoCleanupDays: parseCleanupDays(raw.autoCleanupDays) ?? DEFAULT_CLEANUP_DAYS,
    enableAutoCleanup: parseAutoCleanup(raw.enableAutoCleanup),
    supervisorEmail: parseSupervisorEmail(raw.supervisorEmail),
    createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : null,
    archivedAt: typeof raw.archivedAt === 'string' ? raw.archivedAt : null,
  };
}

/** A site name as compared for duplicates: spaces collapsed, any case ("North  pit" is "north pit"). */
export function siteNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The message for a name another site has. */
export function duplicateSiteNameMessage(name: string): string {
  return `A site named "${name.trim()}" already exists`;
}

/** The site (other than `exceptId`) already named `name`, case and spaces aside, or null. */
export function siteNamed<T extends Pick<Site, 'id' | 'siteName'>>(
  sites: readonly T[],
  name: string,
  exceptId?: string,
): T | null {
  const key = siteNameKey(name);
  return sites.find((site) => site.id !== exceptId && siteNameKey(site.siteName) === key) ?? null;
}

/** Sites in use, for crews' pickers: archived ones are left out. */
export function activeSites<T extends Pick<Site, 'archivedAt'>>(sites: readonly T[]): T[] {
  return sites.filter((site) => site.archivedAt === null);
}
