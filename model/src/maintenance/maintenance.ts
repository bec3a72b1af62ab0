import { z } from 'zod';
import { MAINTENANCE_TIME_STEP } from '../constants/constants.ts';
import type { Brand } from '../ids/ids.ts';
import { uuidKind } from '../ids/ids.ts';
import { numericField, optionalText, requiredText, roundTo } from '../format/numbers.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type MaintenanceEntryId = Brand<string, 'MaintenanceEntryId'>;
export const MaintenanceEntryIds = uuidKind<MaintenanceEntryId>('MaintenanceEntryId');

export const EQUIPMENT_TYPES = ['rig', 'running-gear'] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
/** The components of each equipment type (SPEC 3), each named once. */
const COMPONENTS = {
  rig: ['hydraulics', 'engine', 'transmission'],
  'running-gear': ['backends', 'barrel-components'],
} as const satisfies Record<EquipmentType, readonly string[]>;
export const COMPONENT_TYPES = [...COMPONENTS.rig, ...COMPONENTS['running-gear']] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const MAINTENANCE_TYPES = [
  'preventive',
  'corrective',
  'inspection',
  'replacement',
  'repair',
  'calibration',
] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
export const MAINTENANCE_STATUSES = ['completed', 'in-progress', 'pending'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** Component choices per equipment type (SPEC 3). */
export const COMPONENTS_BY_EQUIPMENT: Readonly<Record<EquipmentType, readonly ComponentType[]>> =
  COMPONENTS;

export const DESCRIPTION_REQUIRED = 'Description is required';
export const COMPONENT_MISMATCH = 'Component does not belong to the equipment type';

/** Component choices of an equipment type. */
export function componentChoices(equipmentType: EquipmentType): readonly ComponentType[] {
  return COMPONENTS_BY_EQUIPMENT[equipmentType];
}

/** True when the component belongs to the equipment type. */
export function isComponentOf(equipmentType: EquipmentType, component: ComponentType): boolean {
  return COMPONENTS_BY_EQUIPMENT[equipmentType].includes(component);
}

/** Only completed is shown green. */
export function isMaintenanceStatusGreen(status: MaintenanceStatus): boolean {
  return status === 'completed';
}

export interface MaintenanceEntry {
  id: MaintenanceEntryId;
  equipmentType: EquipmentType;
  componentType: ComponentType;
  maintenanceType: MaintenanceType;
  description: string;
  timeSpent: number;
  partsUsed: string | null;
  status: MaintenanceStatus;
  notes: string | null;
  createdAt: string | null;
}

/** POST /api/maintenance-entries: defaults rig / hydraulics (first choice of the type) / preventive / completed / 0. */
export const maintenanceEntryInputSchema = z
  .object({
    equipmentType: z.enum(EQUIPMENT_TYPES).default('rig'),
    componentType: z.enum(COMPONENT_TYPES).optional(),
    maintenanceType: z.enum(MAINTENANCE_TYPES).default('preventive'),
    description: requiredText(DESCRIPTION_REQUIRED),
    timeSpent: numericField({ default: 0, min: 0, step: MAINTENANCE_TIME_STEP }),
    partsUsed: optionalText,
    status: z.enum(MAINTENANCE_STATUSES).default('completed'),
    notes: optionalText,
  })
  .transform((e) => ({
    ...e,
    componentType:
      e.componentType ?? (COMPONENTS_BY_EQUIPMENT[e.equipmentType][0] as ComponentType),
  }))
  .refine((e) => isComponentOf(e.equipmentType, e.componentType), {
    message: COMPONENT_MISMATCH,
    path: ['componentType'],
  });
export type MaintenanceEntryInput = z.infer<typeof maintenanceEntryInputSchema>;

/** Patch of a maintenance row (the component is checked against the merged row when applied). */
export const maintenanceEntryPatchSchema = z.object({
  equipmentType: z.enum(EQUIPMENT_TYPES).optional(),
  componentType: z.enum(COMPONENT_TYPES).optional(),
  maintenanceType: z.enum(MAINTENANCE_TYPES).optional(),
  description: requiredText(DESCRIPTION_REQUIRED).optional(),
  timeSpent: numericField({ default: 0, min: 0, step: MAINTENANCE_TIME_STEP }).optional(),
  partsUsed: optionalText.optional(),
  status: z.enum(MAINTENANCE_STATUSES).optional(),
  notes: optionalText.optional(),
});
export type MaintenanceEntryPatch = z.infer<typeof maintenanceEntryPatchSchema>;

/** Total maintenance hours (one decimal). */
export function totalMaintenanceHours(
  entries: readonly Pick<MaintenanceEntry, 'timeSpent'>[],
): number {
  return roundTo(
    entries.reduce((sum, e) => sum + e.timeSpent, 0),
    1,
  );
}
