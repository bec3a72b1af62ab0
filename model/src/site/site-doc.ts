import type * as Y from 'yjs';
import { DEFAULT_CLEANUP_DAYS } from '../constants/constants.ts';
import type { SiteId } from '../ids/ids.ts';
import { SiteIds } from '../ids/ids.ts';
import { entryCollection } from '../docs/collection.ts';
import { getEntry } from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import { mutateSetup, setupMap } from '../setup-doc/keys.ts';
import type { Site } from './site.ts';
import { siteCreateSchema, siteFromStored, siteUpdateSchema } from './site.ts';

const sites = entryCollection({
  map: (doc) => setupMap(doc, 'sites'),
  transact: mutateSetup,
  what: 'Site',
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
  patchFields: (patch) => patch,
});

/** Add a site (name required and trimmed: 'Site name is required'), with default settings. */
export const addSite = sites.add;
/** Update a site's name or settings (cleanup days outside 1-365 are ignored; empty email is null). */
export const updateSite = sites.update;
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

/** Delete a site with its rigs, crew members and hire tools, in one transaction. */
export function deleteSite(doc: Y.Doc, id: SiteId): boolean {
  let removed = false;
  mutateSetup(doc, () => {
    for (const root of ['rigs', 'crewMembers', 'hireTools'] as const) {
      const map = setupMap(doc, root);
      for (const entryId of [...map.keys()]) {
        if (getEntry(map, entryId)?.get('siteId') === id) map.delete(entryId);
      }
    }
    removed = sites.remove(doc, id);
  });
  return removed;
}
