import type * as Y from 'yjs';
import type { HoleId, SiteId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { nowIso } from '../docs/entries.ts';
import type { Migration, MigrationResult } from '../docs/migrations.ts';
import { runMigrations } from '../docs/migrations.ts';
import { siteIdSchema } from '../ids/schemas.ts';
import type { Site, SiteWithHoles } from '../site/site.ts';
import type { HoleConfig, HoleConfigDraft, HoleConfigPatchDraft } from '../hole/hole.ts';
import { holeConfigFromInput, holeConfigInputSchema, holeConfigPatchSchema } from '../hole/hole.ts';
import type { HoleSetting, SettingConflict, SetupWrite } from '../hole/setup-writes.ts';
import {
  earliestAt,
  fieldHeads,
  fieldOptions,
  headIds,
  insertSetupWrite,
  resolveHoleConfig,
  settingConflicts,
} from '../hole/setup-writes.ts';
import { HOLES_ROOTS, HOLES_SCHEMA_VERSION } from '../kernel/holes-keys.ts';
import { initHolesDoc, mutateHoles, readRegisterWrites, setupsMap } from './register-writes.ts';

/**
 * The hole register ('holes'): every hole of the deployment by its label, with its site and setup,
 * kept as setup writes (hole/setup-writes.ts) so two devices registering one label apart end with one
 * hole whose differing settings are all kept until someone chooses. The current depth of a hole is
 * derived from the reports. Also holds the hole numbers reserved per device (hole-numbers.ts) and the
 * progress marks (hole-progress.ts).
 */
export { HOLES_ROOTS, HOLES_SCHEMA_VERSION };

export interface RegisteredHole extends HoleConfig {
  siteId: SiteId | null;
  isComplete: boolean;
  createdAt: string | null;
  /** Settings devices set differently, every value kept, until someone chooses one. */
  conflicts: SettingConflict[];
}

export { initHolesDoc, mutateHoles, readRegisterWrites };

function resolveRegisteredHole(holeId: HoleId, own: readonly SetupWrite[]): RegisteredHole {
  const site = fieldOptions(own, 'siteId')[0]?.value;
  return {
    holeId,
    siteId: typeof site === 'string' ? (site as SiteId) : null,
    ...resolveHoleConfig(own),
    isComplete: fieldHeads(own, 'isComplete').some((w) => w.values.isComplete === true),
    createdAt: earliestAt(own),
    conflicts: settingConflicts(own),
  };
}

/** Every registered hole, sorted by label. */
export function readHoleRegister(doc: Y.Doc): RegisteredHole[] {
  const writes = readRegisterWrites(doc);
  const byHole = new Map<string, SetupWrite[]>();
  for (const write of writes)
    byHole.set(write.holeId, [...(byHole.get(write.holeId) ?? []), write]);
  return [...byHole.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([holeId, own]) => resolveRegisteredHole(holeId as HoleId, own));
}

function writesOf(doc: Y.Doc, holeId: HoleId): SetupWrite[] {
  const own = readRegisterWrites(doc).filter((w) => w.holeId === holeId);
  if (own.length === 0) throw new ModelError('not-found', `Hole ${holeId} not found`);
  return own;
}

/** Register a new hole at a site; refuses a label that is already registered. */
export function registerHole(doc: Y.Doc, siteId: SiteId, config: HoleConfigDraft): HoleId {
  const site = siteIdSchema.parse(siteId);
  const { holeId, ...settings } = holeConfigFromInput(holeConfigInputSchema.parse(config));
  if (readRegisterWrites(doc).some((w) => w.holeId === holeId)) {
    throw new ModelError('duplicate-hole', `Hole ${holeId} is already registered`);
  }
  mutateHoles(doc, () =>
    insertSetupWrite(setupsMap(doc), {
      holeId,
      at: nowIso(),
      supersedes: [],
      values: { ...settings, siteId: site },
    }),
  );
  return holeId;
}

function writeSettings(
  doc: Y.Doc,
  holeId: HoleId,
  values: Record<string, number | boolean | string>,
): void {
  const fields = Object.keys(values);
  if (fields.length === 0) return;
  const own = writesOf(doc, holeId);
  mutateHoles(doc, () =>
    insertSetupWrite(setupsMap(doc), {
      holeId,
      at: nowIso(),
      supersedes: headIds(own, fields),
      values,
    }),
  );
}

/** Change a registered hole's setup (settles any setting it changes). */
export function updateRegisteredHole(
  doc: Y.Doc,
  holeId: HoleId,
  patch: HoleConfigPatchDraft,
): void {
  const parsed = holeConfigPatchSchema.parse(patch);
  const values: Record<string, number | boolean | string> = {};
  for (const [field, value] of Object.entries(parsed))
    if (value !== undefined) values[field] = value;
  writeSettings(doc, holeId, values);
}

/** Settle a setting devices set differently: the chosen value replaces every value shown. */
export function chooseRegisteredHoleSetting(
  doc: Y.Doc,
  holeId: HoleId,
  setting: HoleSetting,
  value: number | boolean | string,
): void {
  updateRegisteredHole(doc, holeId, { [setting]: value });
}

/** Labels of a site's holes (SPEC: Site.holeIds). */
export function holeIdsOfSite(holes: readonly RegisteredHole[], siteId: SiteId): HoleId[] {
  return holes.filter((h) => h.siteId === siteId).map((h) => h.holeId);
}

/**
 * Hole register migrations. Version 2 keeps each hole's setup as writes in a new root and reserves
 * hole numbers per device in another; entries of version 1 are read in place as each hole's first
 * write (nothing is moved, so an edit an old version makes to them offline still counts).
 */
export const HOLES_MIGRATIONS: readonly Migration[] = [
  { version: 2, description: 'setup writes and reserved hole numbers (new roots only)', up() {} },
];

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
