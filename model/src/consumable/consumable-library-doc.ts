import { z } from 'zod';
import type { ConsumableId, SiteId } from '../ids/ids.ts';
import { ConsumableIds } from '../ids/ids.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { lenient, lenientId } from '../docs/lenient.ts';
import type { Consumable } from './consumable.ts';
import { consumableCreateSchema, consumableUpdateSchema } from './consumable.ts';

const storedSchema = z.object({
  siteId: lenientId<SiteId>(''),
  name: lenient(z.string(), ''),
  unit: lenient(z.string(), ''),
  price: lenient(z.number().min(0).nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const library = collectionIn(setupRoot('consumables'), 'Consumable', {
  newId: () => ConsumableIds.create(),
  read: (id: ConsumableId, raw): Consumable => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: consumableCreateSchema,
  patchSchema: consumableUpdateSchema,
});

/** Add an item to a site's consumables list (REST checks the site exists). */
export const addConsumable = library.add;
/** Change an item's name, unit or price (entries already recorded keep their copy). */
export const updateConsumable = library.update;
/** Delete an item (entries already recorded keep their copy). */
export const deleteConsumable = library.remove;
/** Every site's consumables. */
export const readConsumables = library.read;
