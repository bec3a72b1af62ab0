import type * as Y from 'yjs';
import { z } from 'zod';
import type { DowntimeCodeId, SiteId } from '../ids/ids.ts';
import { DowntimeCodeIds, derivedId } from '../ids/ids.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { insertEntry } from '../docs/entries.ts';
import { lenient, lenientId } from '../docs/lenient.ts';
import { setupMap } from '../kernel/setup-keys.ts';
import type { DowntimeCode } from './downtime.ts';
import {
  DEFAULT_DOWNTIME_CODES,
  downtimeCodeCreateSchema,
  downtimeCodeUpdateSchema,
  downtimeGroupSchema,
} from './downtime.ts';

const storedSchema = z.object({
  siteId: lenientId<SiteId>(''),
  name: lenient(z.string(), ''),
  group: lenient(downtimeGroupSchema, 'operational'),
  chargeable: lenient(z.boolean(), false),
  createdAt: lenient(z.string().nullable(), null),
});

const codes = collectionIn(setupRoot('downtimeCodes'), 'Downtime code', {
  newId: () => DowntimeCodeIds.create(),
  read: (id: DowntimeCodeId, raw): DowntimeCode => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: downtimeCodeCreateSchema,
  patchSchema: downtimeCodeUpdateSchema,
});

/** Add a code to a site's downtime list (REST checks the site exists). */
export const addDowntimeCode = codes.add;
/** Change a code's name, group or charge (entries already recorded keep their copy). */
export const updateDowntimeCode = codes.update;
/** Delete a code (entries already recorded keep their copy). */
export const deleteDowntimeCode = codes.remove;
/** Every site's downtime codes. */
export const readDowntimeCodes = codes.read;

/** The id of a site's default code: the same on every device, so two devices' defaults are one. */
export function defaultDowntimeCodeId(siteId: SiteId, key: string): DowntimeCodeId {
  return derivedId<DowntimeCodeId>(`downtime-code/${siteId}/${key}`);
}

/**
 * Give a site the default downtime codes it does not hold yet. Their ids derive from the site and
 * the code's key, so two devices that do this apart end, once merged, with one list (a map key set
 * twice keeps one value), never two. Runs when a site is added and in the setup migration.
 */
export function seedDefaultDowntimeCodes(doc: Y.Doc, siteId: SiteId): void {
  const map = setupMap(doc, 'downtimeCodes');
  doc.transact(() => {
    for (const code of DEFAULT_DOWNTIME_CODES) {
      const id = defaultDowntimeCodeId(siteId, code.key);
      if (map.has(id)) continue;
      insertEntry(map, id, {
        siteId,
        name: code.name,
        group: code.group,
        chargeable: code.chargeable,
      });
    }
  });
}

/** One site's codes, by name. */
export function siteDowntimeCodes(
  codesOfAllSites: readonly DowntimeCode[],
  siteId: string | null,
): DowntimeCode[] {
  return codesOfAllSites
    .filter((code) => code.siteId === siteId)
    .sort((a, b) => a.name.localeCompare(b.name));
}
