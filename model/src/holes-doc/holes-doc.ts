import type * as Y from 'yjs';
import { z } from 'zod';
import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  ORI_TOOL_LENGTH_METRES,
} from '../constants/constants.ts';
import type { HoleId, SiteId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import {
  getEntry,
  insertEntry,
  nowIso,
  readEntries,
  requireEntry,
  setFields,
} from '../docs/entries.ts';
import type { Migration, MigrationResult } from '../docs/migrations.ts';
import { runMigrations } from '../docs/migrations.ts';
import { siteIdSchema } from '../ids/schemas.ts';
import type { Site, SiteWithHoles } from '../site/site.ts';
import type { HoleConfig, HoleConfigDraft, HoleConfigPatchDraft } from '../hole/hole.ts';
import {
  holeConfigFromInput,
  holeConfigInputSchema,
  holeConfigPatchSchema,
  nextHoleId,
} from '../hole/hole.ts';
import { lenient } from '../docs/lenient.ts';

/**
 * The hole register ('holes'): every hole of the deployment keyed by its label, with its site and
 * configuration. Crews may add holes; the current depth of a hole is derived from the reports.
 * Two devices registering the same label offline end with one entry (the later write wins whole).
 */
export const HOLES_ROOTS = { meta: 'meta', holes: 'holes' } as const;
export const HOLES_SCHEMA_VERSION = 1;

export interface RegisteredHole extends HoleConfig {
  siteId: SiteId | null;
  isComplete: boolean;
  createdAt: string | null;
}

const storedSchema = z.object({
  siteId: lenient(z.string().nullable(), null),
  dip: lenient(z.number(), DEFAULT_HOLE_DIP),
  azimuth: lenient(z.number(), DEFAULT_HOLE_AZIMUTH),
  targetDepth: lenient(z.number(), DEFAULT_HOLE_TARGET_DEPTH),
  constantStickUp: lenient(z.number(), DEFAULT_HOLE_CONSTANT_STICK_UP),
  hasOriExtension: lenient(z.boolean(), false),
  oriToolLength: lenient(z.number(), ORI_TOOL_LENGTH_METRES),
  barrelType: lenient(z.string(), DEFAULT_BARREL_TYPE),
  isComplete: lenient(z.boolean(), false),
  createdAt: lenient(z.string().nullable(), null),
});

function holesMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HOLES_ROOTS.holes);
}

function mutateHoles(doc: Y.Doc, change: () => void): void {
  doc.transact(() => {
    change();
    doc.getMap(HOLES_ROOTS.meta).set('updatedAt', nowIso());
  });
}

/** A new hole register at the current schema version (call once per deployment). */
export function initHolesDoc(doc: Y.Doc): void {
  mutateHoles(doc, () => doc.getMap(HOLES_ROOTS.meta).set('schemaVersion', HOLES_SCHEMA_VERSION));
}

/** Every registered hole, sorted by label. */
export function readHoleRegister(doc: Y.Doc): RegisteredHole[] {
  return readEntries(holesMap(doc)).map(([holeId, raw]) => {
    const stored = storedSchema.parse(raw);
    return { ...stored, holeId: holeId as HoleId, siteId: stored.siteId as SiteId | null };
  });
}

/** Register a new hole at a site; refuses a label that is already registered. */
export function registerHole(doc: Y.Doc, siteId: SiteId, config: HoleConfigDraft): HoleId {
  const site = siteIdSchema.parse(siteId);
  const { holeId, ...fields } = holeConfigFromInput(holeConfigInputSchema.parse(config));
  if (getEntry(holesMap(doc), holeId)) {
    throw new ModelError('duplicate-hole', `Hole ${holeId} is already registered`);
  }
  mutateHoles(doc, () =>
    insertEntry(holesMap(doc), holeId, {
      ...fields,
      siteId: site,
      isComplete: false,
      createdAt: nowIso(),
    }),
  );
  return holeId;
}

/** Change a registered hole's configuration. */
export function updateRegisteredHole(
  doc: Y.Doc,
  holeId: HoleId,
  patch: HoleConfigPatchDraft,
): void {
  const parsed = holeConfigPatchSchema.parse(patch);
  mutateHoles(doc, () => setFields(requireEntry(holesMap(doc), holeId, 'Hole'), parsed));
}

/** Mark a registered hole complete (it can no longer be continued). */
export function setRegisteredHoleComplete(doc: Y.Doc, holeId: HoleId, isComplete = true): void {
  mutateHoles(doc, () => setFields(requireEntry(holesMap(doc), holeId, 'Hole'), { isComplete }));
}

/** Labels of a site's holes (SPEC: Site.holeIds). */
export function holeIdsOfSite(holes: readonly RegisteredHole[], siteId: SiteId): HoleId[] {
  return holes.filter((h) => h.siteId === siteId).map((h) => h.holeId);
}

/** The next generated label DH-{year}-{nnn} given the register. */
export function suggestHoleId(doc: Y.Doc, year: number): HoleId {
  return nextHoleId(
    readHoleRegister(doc).map((h) => h.holeId),
    year,
  );
}

/** Hole register migrations (none yet: version 1 is the first shape). */
export const HOLES_MIGRATIONS: readonly Migration[] = [];

/** Bring the hole register to the current schema version (run on load). */
export function migrateHolesDoc(doc: Y.Doc): MigrationResult {
  return runMigrations(
    doc,
    HOLES_ROOTS.meta,
    Object.values(HOLES_ROOTS),
    HOLES_MIGRATIONS,
    HOLES_SCHEMA_VERSION,
  );
}

/** Sites with the labels of their holes (SPEC 3 Site.holeIds). */
export function sitesWithHoles(
  sites: readonly Site[],
  holes: readonly RegisteredHole[],
): SiteWithHoles[] {
  return sites.map((site) => ({ ...site, holeIds: holeIdsOfSite(holes, site.id) }));
}
