import type * as Y from 'yjs';
import { bitChangesPart } from '../bit/bit-changes-part.ts';
import { consumableEntriesPart } from '../consumable/consumable-entries-part.ts';
import { downtimePart } from '../downtime/downtime-part.ts';
import { hireToolUsagePart } from '../hire-tool/hire-tool-usage-part.ts';
import { maintenancePart } from '../maintenance/maintenance-part.ts';
import { photosPart } from '../photos/photos-part.ts';

/**
 * The parts of a plod that are made with definePart, in the order a plod reads them (undo, history,
 * CSV, REST and late edits list them in this order). The other parts (meta, shift details,
 * overrides, crew, holes and runs, timesheet, survey, sign-off) are still named one by one where
 * the machinery needs them: see docs/architecture.md, "Adding a part to a plod".
 */
export const PLOD_PARTS = [
  maintenancePart,
  hireToolUsagePart,
  downtimePart,
  consumableEntriesPart,
  bitChangesPart,
  photosPart,
] as const;

export type PlodPartName = (typeof PLOD_PARTS)[number]['root'];

type AnyPlodPart = (typeof PLOD_PARTS)[number];

/** A plod's rows of every part in PLOD_PARTS, keyed by the part's root (as the snapshot holds them). */
export type PlodPartsRows = { [P in AnyPlodPart as P['root']]: ReturnType<P['read']> };

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** A part's row as the bundle holds it. */
type BundleRowOf<P extends AnyPlodPart> = ReturnType<P['bundleRowsOf']>[number];

/** The bundle's lists of every part in PLOD_PARTS, keyed by the part's bundleList. */
export type PlodPartsBundle = { [P in AnyPlodPart as P['bundleList']]: BundleRowOf<P>[] };

/** The totals every part derives from its rows, in one type (hireToolCost, ...). */
export type PlodPartsTotals = Intersection<ReturnType<AnyPlodPart['totalsOf']>>;

/** Every part's rows of a report document. */
export function readPlodParts(doc: Y.Doc): PlodPartsRows {
  // One entry per part under its root: the mapped type above, which a loop cannot show the compiler.
  return Object.fromEntries(PLOD_PARTS.map((part) => [part.root, part.read(doc)])) as PlodPartsRows;
}

/** The totals every part derives from its rows, in one value. */
export function plodPartsTotals(rows: PlodPartsRows): PlodPartsTotals {
  // Each part adds its own keys: together they are the intersection above.
  return PLOD_PARTS.reduce<Record<string, unknown>>(
    (all, part) => ({ ...all, ...part.totalsOf(rows) }),
    {},
  ) as PlodPartsTotals;
}

/** The bundle's lists of every part, from a plod's rows (a report snapshot), in PLOD_PARTS order. */
export function plodPartsBundle(rows: PlodPartsRows): PlodPartsBundle {
  // One list per part under its bundleList: the mapped type above, as in readPlodParts.
  return Object.fromEntries(
    PLOD_PARTS.map((part) => [part.bundleList, part.bundleRowsOf(rows)]),
  ) as PlodPartsBundle;
}
