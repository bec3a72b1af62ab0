import type * as Y from 'yjs';
import type { z } from 'zod';
import { DEFAULT_CLEANUP_DAYS } from '../constants/constants.ts';
import type { SiteId } from '../ids/ids.ts';
import { SiteIds } from '../ids/ids.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { getEntry, nowIso } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { seedDefaultDowntimeCodes } from '../downtime/downtime-codes-doc.ts';
import { mutateSetup, setupMap } from '../kernel/setup-keys.ts';
import type { Site } from './site.ts';
import {
  duplicateSiteNameMessage,
  siteCreateSchema,
  siteFromStored,
  siteNamed,
  siteUpdateSchema,
} from './site.ts';
import type { SiteUpdate } from './site.ts';

/** Refuses a name another site has (archived ones too: they keep their names). */
function refuseDuplicate(doc: Y.Doc, name: string, exceptId?: SiteId): void {
  if (siteNamed(sites.read(doc), name, exceptId)) {
    throw new ModelError('duplicate-site-name', duplicateSiteNameMessage(name));
  }
}

const sites = collectionIn(setupRoot('sites'), 'Site', {
  newId: () => SiteIds.create(),
  read: (id: SiteId, raw): Site => siteFromStored(id, raw),
  inputSchema: siteCreateSchema,
  patchSchema: siteUpdateSchema,
  toFields: ({ siteName }) => ({
    siteName,
    autoCleanupDays: DEFAULT_CLEANUP_DAYS,
    enableAutoCleanup: true,
    supervisorEmail: null,
  }),
  beforeAdd: (doc, input) => refuseDuplicate(doc, input.siteName),
});

/**
 * Add a site (name required and trimmed: 'Site name is required'), with default settings and the
 * default downtime codes.
 */
export function addSite(doc: Y.Doc, input: z.input<typeof siteCreateSchema>): SiteId {
  let id: SiteId | undefined;
  mutateSetup(doc, () => {
    id = sites.add(doc, input);
    seedDefaultDowntimeCodes(doc, id);
  });
  if (id === undefined) throw new ModelError('invalid-input', 'Site was not added');
  return id;
}
/**
 * Update a site's name or settings (cleanup days outside 1-365 are ignored; empty email is null).
 * A name another site has is refused (duplicate-site-name).
 */
export function updateSite(doc: Y.Doc, id: SiteId, patch: z.input<typeof siteUpdateSchema>): void {
  const parsed: SiteUpdate = siteUpdateSchema.parse(patch);
  if (parsed.siteName !== undefined) refuseDuplicate(doc, parsed.siteName, id);
  sites.update(doc, id, patch);
}
/** The sites, each with its settings. */
export const readSites = sites.read;

/** True when the site exists in the setup document. */
export function siteExists(doc: Y.Doc, id: SiteId): boolean {
  return getEntry(setupMap(doc, 'sites'), id) !== null;
}

/** Throws not-found unless the site exists (a rig, crew member or tool needs one). */
export function requireSite(doc: Y.Doc, id: SiteId): void {
  if (!siteExists(doc, id)) throw new ModelError('not-found', `Site ${id} not found`);
}

/**
 * Archive a site (one with plods is archived rather than deleted): it leaves crews' pickers; its
 * rigs, crew, tools and plods stay. Answers false when the site does not exist.
 */
export function archiveSite(doc: Y.Doc, id: SiteId, at: string = nowIso()): boolean {
  const entry = getEntry(setupMap(doc, 'sites'), id);
  if (!entry) return false;
  if (typeof entry.get('archivedAt') !== 'string')
    mutateSetup(doc, () => entry.set('archivedAt', at));
  return true;
}

/** Bring an archived site back into use; false when the site does not exist. */
export function unarchiveSite(doc: Y.Doc, id: SiteId): boolean {
  const entry = getEntry(setupMap(doc, 'sites'), id);
  if (!entry) return false;
  if (entry.get('archivedAt') != null) mutateSetup(doc, () => entry.set('archivedAt', null));
  return true;
}

/**
 * Delete a site with its rigs, crew members, hire tools, downtime codes and consumables, in one
 * transaction.
 */
export function deleteSite(doc: Y.Doc, id: SiteId): boolean {
  let removed = false;
  mutateSetup(doc, () => {
    for (const root of [
      'rigs',
      'crewMembers',
      'hireTools',
      'downtimeCodes',
      'consumables',
    ] as const) {
      const map = setupMap(doc, root);
      for (const entryId of [...map.keys()]) {
        if (getEntry(map, entryId)?.get('siteId') === id) map.delete(entryId);
      }
    }
    removed = sites.remove(doc, id);
  });
  return removed;
}
