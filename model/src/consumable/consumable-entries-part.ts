import type * as Y from 'yjs';
import { z } from 'zod';
import { textCell } from '../csv-cells/cells.ts';
import { moneyCell } from '../csv-cells/columns.ts';
import { lenient } from '../docs/lenient.ts';
import { ModelError } from '../errors/errors.ts';
import type { ConsumableId, HoleId } from '../ids/ids.ts';
import type { ConsumableEntry, ConsumableEntryId } from './consumable.ts';
import {
  ConsumableEntryIds,
  consumableCopy,
  consumableCost,
  consumableEntryInputSchema,
  consumableEntryPatchSchema,
} from './consumable.ts';
import { formatCurrency } from '../format/format.ts';
import { round } from '../part-kit/change-lines.ts';
import { fieldColumn, numberColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';
import { dash } from '../part-kit/sheet-table.ts';
import { readConsumables } from './consumable-library-doc.ts';

const storedSchema = z.object({
  consumableId: lenient(z.string(), ''),
  itemName: lenient(z.string(), ''),
  unit: lenient(z.string(), ''),
  unitPrice: lenient(z.number().min(0).nullable(), null),
  quantity: lenient(z.number().min(0), 0),
  holeId: lenient(z.string().nullable(), null),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

/**
 * A body's item as the site's list holds it: the entry keeps a copy of its name, unit and price.
 * An item the list does not hold is refused (400).
 */
function withItemCopy(setup: Y.Doc, body: Readonly<Record<string, unknown>>) {
  if (body.consumableId === undefined) return body;
  const item = readConsumables(setup).find((c) => c.id === body.consumableId);
  if (!item)
    throw new ModelError('invalid-input', `Consumable ${String(body.consumableId)} not found`);
  return { ...body, ...consumableCopy(item) };
}

/** A row of the part in the shift report bundle (REST reads, the CSV). */
export interface BundleConsumableEntry {
  id: string;
  consumableId: string;
  /** The item's name, unit and price as they were when the entry was recorded. */
  itemName: string;
  unit: string;
  unitPrice: number | null;
  quantity: number;
  holeId: string | null;
  notes: string | null;
}

/** Consumables used on a shift: the part's descriptor. */
export const consumableEntriesPart = definePart(
  {
    root: 'consumables',
    what: 'Consumable entry',
    undoNoun: 'consumable',
    history: {
      group: 'Consumables',
      fields: {
        itemName: { label: 'Item' },
        holeId: { label: 'Hole' },
        unitPrice: { label: 'Unit price' },
      },
      entryName: (text) => `consumable${text('itemName') ? `: ${text('itemName')}` : ''}`,
    },
    bundleList: 'consumableEntries',
    csvSection: 'CONSUMABLES',
    rest: {
      path: 'consumable-entries',
      tag: 'Consumables',
      rules: {},
      fromSetup: withItemCopy,
    },
    lateEditPart: 'consumables',
    title: 'Consumables',
    sectionName: 'consumables',
    rowNoun: 'Consumable',
  },
  {
    newId: () => ConsumableEntryIds.create(),
    read: (id: ConsumableEntryId, raw): ConsumableEntry => {
      const stored = storedSchema.parse(raw);
      return {
        id,
        ...stored,
        consumableId: stored.consumableId as ConsumableId,
        holeId: stored.holeId as HoleId | null,
      };
    },
    inputSchema: consumableEntryInputSchema,
    patchSchema: consumableEntryPatchSchema,
    // The row as read, without when it was stored.
    bundleRow: ({ createdAt: _stored, ...row }: ConsumableEntry): BundleConsumableEntry => row,
    csvColumns: [
      textColumn('id'),
      textColumn('itemName', 'item'),
      numberColumn('quantity'),
      textColumn('unit'),
      fieldColumn('unitPrice', (price: number | null) =>
        price === null ? textCell(null) : moneyCell(price),
      ),
      textColumn('holeId'),
      textColumn('notes'),
    ],
  },
  {
    // Priced at the list price each entry was recorded with.
    sheet: {
      columns: ['Item', ['Quantity', 'numeric'], 'Unit', ['Cost', 'numeric'], 'Hole ID', 'Notes'],
      row: (c: ConsumableEntry) => {
        const cost = consumableCost(c);
        return [
          dash(c.itemName),
          String(c.quantity),
          dash(c.unit),
          cost === null ? '—' : formatCurrency(cost),
          dash(c.holeId),
          dash(c.notes),
        ];
      },
      empty: 'No consumables recorded',
      totals: (rows: readonly ConsumableEntry[]) => {
        const priced = rows.map(consumableCost).filter((cost): cost is number => cost !== null);
        const total = priced.reduce((sum, cost) => sum + cost, 0);
        return priced.length > 0 ? `Total cost ${formatCurrency(total)}` : null;
      },
    },
    changes: {
      added: 'Consumable added',
      removed: 'Consumable removed',
      row: (c: ConsumableEntry) => `${c.itemName} ${round(c.quantity)} ${c.unit}`,
      fields: ['itemName', 'quantity', 'holeId', 'notes'],
      prefix: (was: ConsumableEntry) => `Consumable ${was.itemName}: `,
    },
    totals: () => ({}),
  },
);

/** Record a consumable used on the shift. */
export const addConsumableEntry = consumableEntriesPart.add;
/** Edit a consumable entry. */
export const updateConsumableEntry = consumableEntriesPart.update;
/** Remove a consumable entry. */
export const removeConsumableEntry = consumableEntriesPart.remove;
/** The consumables used on the shift. */
export const readConsumableEntries = consumableEntriesPart.read;
