import { describe, expect, it } from 'vitest';
import {
  COMPONENT_MISMATCH,
  DESCRIPTION_REQUIRED,
  componentChoices,
  isMaintenanceStatusGreen,
  maintenanceEntryInputSchema,
  totalMaintenanceHours,
} from './maintenance.ts';

/** An entry as sent: a description and the fields given. */
const sent = (fields: Record<string, unknown>) => ({ description: 'x', ...fields });

describe('maintenance', () => {
  it('offers components by equipment type', () => {
    expect(componentChoices('rig')).toEqual(['hydraulics', 'engine', 'transmission']);
    expect(componentChoices('running-gear')).toEqual(['backends', 'barrel-components']);
  });
  it('defaults to rig, hydraulics, preventive, completed and 0 hours', () => {
    expect(maintenanceEntryInputSchema.parse({ description: 'Greased' })).toEqual({
      equipmentType: 'rig',
      componentType: 'hydraulics',
      maintenanceType: 'preventive',
      description: 'Greased',
      timeSpent: 0,
      partsUsed: null,
      status: 'completed',
      notes: null,
    });
  });
  it('picks the first component of the chosen equipment type by default', () => {
    expect(
      maintenanceEntryInputSchema.parse(sent({ equipmentType: 'running-gear' })).componentType,
    ).toBe('backends');
  });
  it('rejects a component of another equipment type', () => {
    const result = maintenanceEntryInputSchema.safeParse(sent({ componentType: 'backends' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(COMPONENT_MISMATCH);
  });
  it('requires a description', () => {
    const result = maintenanceEntryInputSchema.safeParse({ description: '  ' });
    expect(result.error?.issues[0]?.message).toBe(DESCRIPTION_REQUIRED);
  });
  it('takes time in 0.5 h steps from 0, non-numeric as 0', () => {
    expect(maintenanceEntryInputSchema.parse(sent({ timeSpent: 'abc' })).timeSpent).toBe(0);
    expect(maintenanceEntryInputSchema.parse(sent({ timeSpent: '1.5' })).timeSpent).toBe(1.5);
    expect(maintenanceEntryInputSchema.safeParse(sent({ timeSpent: 1.2 })).success).toBe(false);
    expect(maintenanceEntryInputSchema.safeParse(sent({ timeSpent: -0.5 })).success).toBe(false);
  });
  it('shows only completed in green and totals hours to one decimal', () => {
    expect(isMaintenanceStatusGreen('completed')).toBe(true);
    expect(isMaintenanceStatusGreen('pending')).toBe(false);
    expect(totalMaintenanceHours([{ timeSpent: 1.5 }, { timeSpent: 0.5 }])).toBe(2);
  });
});
