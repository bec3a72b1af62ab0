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
