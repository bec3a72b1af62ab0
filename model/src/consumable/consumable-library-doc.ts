import { z } from 'zod';
import type { ConsumableId, SiteId } from '../ids/ids.ts';
import { ConsumableIds } from '../ids/ids.ts';
import { entryCollection } from '../docs/collection.ts';
import { lenient } from '../docs/lenient.ts';
import { mutateSetup, setupMap } from '../kernel/setup-keys.ts';
import type { Consumable } from './consumable.ts';
import { consumableCreateSchema, consumableUpdateSchema } from './consumable.ts';

const storedSchema = z.object({
  siteId: lenient(z.string(), ''),
  name: lenient(z.string(), ''),
  unit: lenient(z.string(), ''),
  price: lenient(z.number().min(0).nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const library = entryCollection({
  map: (doc) => setupMap(doc, 'consumables'),
  transact: mutateSetup,
  what: 'Consumable',
  newId: () => ConsumableIds.create(),
  read: (id: ConsumableId, raw): Consumable => {
    const stored = storedSchema.parse(raw);
    return { id, ...stored, siteId: stored.siteId as SiteId };
  },
  inputSchema: consumableCreateSchema,
  patchSchema: consumableUpdateSchema,
  toFields: (input) => input,
  patchFields: (patch) => patch,
});

/** Add an item to a site's consumables list (REST checks the site exists). */
export const addConsumable = library.add;
/** Change an item's name, unit or price (entries already recorded keep their copy). */
export const updateConsumable = library.update;
/** Delete an item (entries already recorded keep their copy). */
export const deleteConsumable = library.remove;
/** Every site's consumables. */
export const readConsumables = library.read;
