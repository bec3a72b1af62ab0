import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { ConsumableId, SiteId } from '../ids/ids.ts';
import { describeReportChanges } from '../report-doc/changes.ts';
import { readReport } from '../report-doc/snapshot.ts';
import {
  newReportDoc,
  newSetupDoc,
  replicasOf,
  reportWithStoredEntry,
  syncAll,
} from '../report-doc/testing.ts';
import { createReportUndo, type ReportUndo } from '../report-doc/undo.ts';
import { readSetup } from '../setup-doc/setup-doc.ts';
import { addSite, deleteSite } from '../site/site-doc.ts';
import { toBundle } from '../report-doc/to-bundle.ts';
import { bundleToCsv } from '../csv/bundle-csv.ts';
import {
  ITEM_NAME_REQUIRED,
  QUANTITY_POSITIVE,
  consumableCopy,
  consumableCost,
  siteConsumables,
} from './consumable.ts';
import { addConsumable, readConsumables, updateConsumable } from './consumable-library-doc.ts';
import {
  addConsumableEntry,
  readConsumableEntries,
  removeConsumableEntry,
  updateConsumableEntry,
} from './consumable-entries-part.ts';

const MUD = {
  consumableId: '0190a000-0000-7000-8000-0000000000c1' as ConsumableId,
  itemName: 'Drilling mud',
  unit: 'bag',
  unitPrice: 24.5,
};

const undos: ReportUndo[] = [];
afterEach(() => undos.splice(0).forEach((u) => u.destroy()));

describe('a site’s consumables list', () => {
  it('belongs to its site, prices optional, and goes with the site', () => {
    const doc = newSetupDoc();
    const site = addSite(doc, { siteName: 'North' });
    const other = addSite(doc, { siteName: 'South' });
    const mud = addConsumable(doc, {
      siteId: site,
      name: 'Drilling mud',
      unit: 'bag',
      price: 24.5,
    });
    addConsumable(doc, { siteId: site, name: 'Core trays', unit: 'each' });
    addConsumable(doc, { siteId: other, name: 'Grease', unit: 'tub' });
    expect(siteConsumables(readConsumables(doc), site).map((c) => [c.name, c.price])).toEqual([
      ['Core trays', null],
      ['Drilling mud', 24.5],
    ]);
    updateConsumable(doc, mud, { price: null });
    expect(readSetup(doc).consumables.find((c) => c.id === mud)?.price).toBeNull();
    expect(() => addConsumable(doc, { siteId: site, name: ' ', unit: 'bag' })).toThrow(
      ITEM_NAME_REQUIRED,
    );
    deleteSite(doc, site);
    expect(readConsumables(doc).map((c) => c.name)).toEqual(['Grease']);
  });
});

describe('consumables used on a shift', () => {
  it('keeps the item’s copy, a quantity above 0, and costs at the recorded price', () => {
    const doc = newReportDoc();
    const id = addConsumableEntry(doc, { ...MUD, quantity: '3', holeId: 'DH-1' });
    expect(readConsumableEntries(doc)).toEqual([
      expect.objectContaining({ ...MUD, quantity: 3, holeId: 'DH-1', notes: null }),
    ]);
    expect(() => addConsumableEntry(doc, { ...MUD, quantity: 0 })).toThrow(QUANTITY_POSITIVE);
    expect(() => updateConsumableEntry(doc, id, { quantity: -1 })).toThrow(QUANTITY_POSITIVE);
    const [entry] = readConsumableEntries(doc);
    expect(entry && consumableCost(entry)).toBe(73.5);
    expect(consumableCost({ quantity: 2, unitPrice: null })).toBeNull();
    expect(consumableCopy({ id: MUD.consumableId, name: 'Mud', unit: 'bag', price: null })).toEqual(
      { consumableId: MUD.consumableId, itemName: 'Mud', unit: 'bag', unitPrice: null },
    );
  });

  it('is in the snapshot, the bundle and the CSV section after HIRE TOOLS USAGE', () => {
    const doc = newReportDoc();
    addConsumableEntry(doc, { ...MUD, quantity: 2, notes: 'lost circulation, 40 m' });
    const bundle = toBundle(readReport(doc));
    expect(bundle.consumableEntries).toEqual([
      expect.objectContaining({ itemName: 'Drilling mud', quantity: 2, unitPrice: 24.5 }),
    ]);
    const csv = bundleToCsv(bundle);
    expect(csv.indexOf('CONSUMABLES')).toBeGreaterThan(csv.indexOf('HIRE TOOLS USAGE'));
    expect(csv).toContain('id,item,quantity,unit,unitPrice,holeId,notes');
    expect(csv).toContain('Drilling mud,2,bag,24.50,N/A,"lost circulation, 40 m"');
  });

  it('reads an entry stored with missing or odd fields leniently', () => {
    const doc = reportWithStoredEntry('consumables', {
      itemName: 'Old item',
      quantity: 'lots',
    });
    expect(readConsumableEntries(doc)).toEqual([
      expect.objectContaining({ itemName: 'Old item', quantity: 0, unit: '', unitPrice: null }),
    ]);
  });

  it('says what changed in the history, undoes as one step, and merges two phones’ entries', () => {
    const [a, b] = replicasOf(newReportDoc(), 2);
    if (!a || !b) throw new Error('two replicas');
    const before = readReport(a);
    const id = addConsumableEntry(a, { ...MUD, quantity: 2 });
    addConsumableEntry(b, { ...MUD, itemName: 'Core trays', unit: 'each', quantity: 10 });
    expect(describeReportChanges(before, readReport(a))).toContainEqual({
      part: 'Consumables',
      text: 'Consumable added: Drilling mud 2 bag',
    });
    const edited = readReport(a);
    updateConsumableEntry(a, id, { quantity: 4 });
    expect(describeReportChanges(edited, readReport(a))).toContainEqual({
      part: 'Consumables',
      text: expect.stringContaining('Consumable Drilling mud: quantity'),
    });
    syncAll([a, b]);
    const names = (doc: Y.Doc) =>
      readConsumableEntries(doc)
        .map((c) => `${c.itemName} ${c.quantity}`)
        .sort();
    expect(names(a)).toEqual(['Core trays 10', 'Drilling mud 4']);
    expect(names(b)).toEqual(names(a));

    const LOCAL = Symbol('local');
    const undo = createReportUndo(b, { localOrigin: LOCAL });
    undos.push(undo);
    b.transact(() => removeConsumableEntry(b, id), LOCAL);
    expect(undo.next()?.label).toBe('consumable deleted');
    undo.undo();
    expect(names(b)).toEqual(['Core trays 10', 'Drilling mud 4']);
  });
});

describe('the setup snapshot', () => {
  it('lists consumables with the other site lists', () => {
    const doc = newSetupDoc();
    const site = addSite(doc, { siteName: 'North' }) as SiteId;
    addConsumable(doc, { siteId: site, name: 'Mud', unit: 'bag' });
    expect(readSetup(doc).consumables).toEqual([
      expect.objectContaining({ name: 'Mud', siteId: site }),
    ]);
  });
});
