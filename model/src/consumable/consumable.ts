import { z } from 'zod';
import type { Brand, ConsumableId, HoleId, SiteId } from '../ids/ids.ts';
import { uuidKind } from '../ids/ids.ts';
import {
  numericField,
  optionalNumericField,
  optionalText,
  requiredText,
  roundTo,
} from '../format/numbers.ts';
import { siteIdSchema } from '../ids/schemas.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type ConsumableEntryId = Brand<string, 'ConsumableEntryId'>;
export const ConsumableEntryIds = uuidKind<ConsumableEntryId>('ConsumableEntryId');

export const ITEM_NAME_REQUIRED = 'Item name is required';
export const UNIT_REQUIRED = 'Unit is required';
export const ITEM_REQUIRED = 'Choose an item from the site’s consumables list';
export const QUANTITY_POSITIVE = 'Quantity must be more than 0';

/** A site's consumable (drilling mud, grease, core trays...), managed by a supervisor in Site Setup. */
export interface Consumable {
  id: ConsumableId;
  siteId: SiteId;
  name: string;
  /** What a quantity counts: bag, L, each, box... */
  unit: string;
  /** The list price of one unit, when the site prices it. */
  price: number | null;
  createdAt: string | null;
}

const priceField = optionalNumericField({ min: 0 });

/** POST /api/consumables. */
export const consumableCreateSchema = z.object({
  siteId: siteIdSchema,
  name: requiredText(ITEM_NAME_REQUIRED),
  unit: requiredText(UNIT_REQUIRED),
  price: priceField,
});
export type ConsumableCreate = z.input<typeof consumableCreateSchema>;

/** PUT /api/consumables/{id}: an item stays on its site. */
export const consumableUpdateSchema = z.object({
  name: requiredText(ITEM_NAME_REQUIRED).optional(),
  unit: requiredText(UNIT_REQUIRED).optional(),
  price: priceField.optional(),
});
export type ConsumableUpdate = z.input<typeof consumableUpdateSchema>;

/** What an entry keeps of its item, so the plod reads (and prices) the same after the list changes. */
export interface ConsumableCopy {
  consumableId: ConsumableId;
  itemName: string;
  unit: string;
  unitPrice: number | null;
}

/** An item's copy, as an entry keeps it. */
export function consumableCopy(
  item: Pick<Consumable, 'id' | 'name' | 'unit' | 'price'>,
): ConsumableCopy {
  return { consumableId: item.id, itemName: item.name, unit: item.unit, unitPrice: item.price };
}

/** Consumables used on a shift: an item of the site's list, how much, on which hole. */
export interface ConsumableEntry extends ConsumableCopy {
  id: ConsumableEntryId;
  quantity: number;
  holeId: HoleId | null;
  notes: string | null;
  createdAt: string | null;
}

const itemIdSchema = z
  .string({ error: ITEM_REQUIRED })
  .trim()
  .min(1, ITEM_REQUIRED)
  .transform((v) => v as ConsumableId);
const quantityField = numericField({ default: 0 }).refine((n) => n > 0, QUANTITY_POSITIVE);
const holeLabel = optionalText.transform((v) => v as HoleId | null);

/**
 * POST /api/consumable-entries. The item's name, unit and price are copied from the site's list
 * (REST fills them from the setup document; a screen from the item it offered).
 */
export const consumableEntryInputSchema = z.object({
  consumableId: itemIdSchema,
  itemName: z.string().trim().default(''),
  unit: z.string().trim().default(''),
  unitPrice: z.number().min(0).nullable().default(null),
  quantity: quantityField,
  holeId: holeLabel,
  notes: optionalText,
});
export type ConsumableEntryInput = z.input<typeof consumableEntryInputSchema>;

/** Patch of a consumable entry (a changed item brings its copy with it). */
export const consumableEntryPatchSchema = z.object({
  consumableId: itemIdSchema.optional(),
  itemName: z.string().trim().optional(),
  unit: z.string().trim().optional(),
  unitPrice: z.number().min(0).nullable().optional(),
  quantity: quantityField.optional(),
  holeId: holeLabel.optional(),
  notes: optionalText.optional(),
});
export type ConsumableEntryPatch = z.input<typeof consumableEntryPatchSchema>;

/** What an entry costs at the price it was recorded with (null when the item has no price). */
export function consumableCost(
  entry: Pick<ConsumableEntry, 'quantity' | 'unitPrice'>,
): number | null {
  return entry.unitPrice === null ? null : roundTo(entry.quantity * entry.unitPrice, 2);
}

/** A site's items, by name. */
export function siteConsumables(items: readonly Consumable[], siteId: string | null): Consumable[] {
  return items
    .filter((item) => item.siteId === siteId)
    .sort((a, b) => a.name.localeCompare(b.name));
}
