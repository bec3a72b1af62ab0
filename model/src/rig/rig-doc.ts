import { z } from 'zod';
import type { RigId, SiteId } from '../ids/ids.ts';
import { RigIds } from '../ids/ids.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { requireSite } from '../site/site-doc.ts';
import type { Rig } from './rig.ts';
import { rigCreateSchema, rigUpdateSchema } from './rig.ts';
import { lenient, lenientId } from '../docs/lenient.ts';

const storedSchema = z.object({
  rigName: lenient(z.string(), ''),
  rigNumber: lenient(z.string().nullable(), null),
  siteId: lenientId<SiteId>(''),
});

const rigs = collectionIn(setupRoot('rigs'), 'Rig', {
  newId: () => RigIds.create(),
  read: (id: RigId, raw): Rig => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: rigCreateSchema,
  patchSchema: rigUpdateSchema,
  beforeAdd: (doc, input) => requireSite(doc, input.siteId),
});

/** Add a rig to an existing site. */
export const addRig = rigs.add;
/** Edit a rig. */
export const updateRig = rigs.update;
/** Delete a rig. */
export const deleteRig = rigs.remove;
/** All rigs. */
export const readRigs = rigs.read;
