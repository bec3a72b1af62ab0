import { z } from 'zod';
import { hours as hoursRule } from '../strict/strict.ts';
import { lenient } from '../docs/lenient.ts';
import { ModelError } from '../errors/errors.ts';
import type { MaintenanceEntry, MaintenanceEntryId } from './maintenance.ts';
import {
  COMPONENT_MISMATCH,
  COMPONENT_TYPES,
  EQUIPMENT_TYPES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TYPES,
  MaintenanceEntryIds,
  isComponentOf,
  maintenanceEntryInputSchema,
  maintenanceEntryPatchSchema,
  totalMaintenanceHours,
} from './maintenance.ts';
import { formatHours } from '../format/format.ts';
import { round } from '../part-kit/change-lines.ts';
import { hoursColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';
import { dash, words } from '../part-kit/sheet-table.ts';

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

/** A row of the part in the shift report bundle (REST reads, the CSV). */
export interface BundleMaintenanceEntry {
  id: string;
  equipmentType: 'rig' | 'running-gear';
  componentType: 'hydraulics' | 'engine' | 'transmission' | 'backends' | 'barrel-components';
  maintenanceType:
    'preventive' | 'corrective' | 'inspection' | 'replacement' | 'repair' | 'calibration';
  description: string;
  timeSpent: number;
  partsUsed: string | null;
  status: 'completed' | 'in-progress' | 'pending';
  notes: string | null;
}

/** The maintenance tasks of a shift (SPEC 3): the part's descriptor. */
export const maintenancePart = definePart(
  {
    root: 'maintenance',
    what: 'Maintenance entry',
    undoNoun: 'maintenance task',
    history: {
      group: 'Maintenance',
      fields: { timeSpent: { label: 'Time spent', unit: 'h' } },
      entryName: (text) => `maintenance${text('description') ? `: ${text('description')}` : ''}`,
    },
    bundleList: 'maintenanceEntries',
    csvSection: 'MAINTENANCE ENTRIES',
    rest: {
      path: 'maintenance-entries',
      tag: 'Maintenance',
      rules: { timeSpent: hoursRule.nullish() },
    },
    lateEditPart: 'maintenance',
    title: 'Maintenance',
    sectionName: 'maintenance',
    countLabel: 'Maintenance Tasks',
    rowNoun: 'Maintenance entry',
  },
  {
    newId: () => MaintenanceEntryIds.create(),
    read: (id: MaintenanceEntryId, raw): MaintenanceEntry => ({ id, ...storedSchema.parse(raw) }),
    inputSchema: maintenanceEntryInputSchema,
    patchSchema: maintenanceEntryPatchSchema,
    check: (merged) => {
      if (!isComponentOf(merged.equipmentType, merged.componentType)) {
        throw new ModelError('invalid-input', COMPONENT_MISMATCH);
      }
    },
    // The row as read, without when it was stored.
    bundleRow: ({ createdAt: _stored, ...row }: MaintenanceEntry): BundleMaintenanceEntry => row,
    csvColumns: [
      textColumn('id'),
      textColumn('equipmentType'),
      textColumn('componentType'),
      textColumn('maintenanceType'),
      textColumn('description'),
      hoursColumn('timeSpent'),
      textColumn('partsUsed'),
      textColumn('status'),
      textColumn('notes'),
    ],
  },
  {
    sheet: {
      columns: [
        'Equipment',
        'Component',
        'Type',
        'Description',
        ['Time (h)', 'numeric'],
        'Parts',
        'Status',
        'Notes',
      ],
      row: (m: MaintenanceEntry) => [
        words(m.equipmentType),
        words(m.componentType),
        words(m.maintenanceType),
        m.description,
        formatHours(m.timeSpent),
        dash(m.partsUsed),
        words(m.status),
        dash(m.notes),
      ],
      empty: 'No maintenance tasks recorded yet',
      totals: (rows: readonly MaintenanceEntry[]) =>
        `Total ${formatHours(totalMaintenanceHours(rows))} h`,
    },
    changes: {
      added: 'Maintenance added',
      removed: 'Maintenance removed',
      row: (m: MaintenanceEntry) => `${m.description} (${round(m.timeSpent)} h)`,
      fields: ['description', { key: 'timeSpent', label: 'time', unit: 'h' }, 'status', 'notes'],
      prefix: (was: MaintenanceEntry) => `Maintenance ${was.description}: `,
    },
    totals: (rows: readonly MaintenanceEntry[]) => ({
      maintenanceHours: totalMaintenanceHours(rows),
    }),
  },
);

/** Add a maintenance task. */
export const addMaintenanceEntry = maintenancePart.add;
/** Edit a maintenance task (the component must still belong to the equipment type). */
export const updateMaintenanceEntry = maintenancePart.update;
/** Remove a maintenance task. */
export const removeMaintenanceEntry = maintenancePart.remove;
