import { z } from 'zod';
import type { MaintenanceEntryId } from '../ids/ids.ts';
import { MaintenanceEntryIds } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { entryCollection } from '../docs/collection.ts';
import { reportMap } from '../report-doc/keys.ts';
import { mutateReport } from '../report-doc/mutate.ts';
import type { MaintenanceEntry } from './maintenance.ts';
import {
  COMPONENT_MISMATCH,
  COMPONENT_TYPES,
  EQUIPMENT_TYPES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TYPES,
  isComponentOf,
  maintenanceEntryInputSchema,
  maintenanceEntryPatchSchema,
} from './maintenance.ts';
import { lenient } from '../docs/lenient.ts';

const storedSchema = z.object({
  equipmentType: lenient(z.enum(EQUIPMENT_TYPES), 'rig'),
  componentType: lenient(z.enum(COMPONENT_TYPES), 'hydraulics'),
  maintenanceType: lenient(z.enum(MAINTENANCE_TYPES), 'preventive'),
  description: lenient(z.string(), ''),
  timeSpent: lenient(z.number().min(0), 0),
  partsUsed: lenient(z.string().nullable(), null),
  status: lenient(z.enum(MAINTENANCE_STATUSES), 'completed'),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const maintenance = entryCollection({
  map: (doc) => reportMap(doc, 'maintenance'),
  transact: mutateReport,
  what: 'Maintenance entry',
  newId: () => MaintenanceEntryIds.create(),
  read: (id: MaintenanceEntryId, raw): MaintenanceEntry => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: maintenanceEntryInputSchema,
  patchSchema: maintenanceEntryPatchSchema,
  toFields: (input) => input,
  patchFields: (patch) => patch,
  check: (merged) => {
    if (!isComponentOf(merged.equipmentType, merged.componentType)) {
      throw new ModelError('invalid-input', COMPONENT_MISMATCH);
    }
  },
});

/** Add a maintenance task. */
export const addMaintenanceEntry = maintenance.add;
/** Edit a maintenance task (the component must still belong to the equipment type). */
export const updateMaintenanceEntry = maintenance.update;
/** Remove a maintenance task. */
export const removeMaintenanceEntry = maintenance.remove;
/** The maintenance tasks. */
export const readMaintenance = maintenance.read;
