import { describe, expect, it } from 'vitest';
import { nextShiftStep } from './shift-steps';

describe('next step of the shift', () => {
  it('follows the crew guide: crew, run sheets, timesheets, downtime, survey, maintenance, hire tools, complete', () => {
    expect(nextShiftStep('/crew')).toEqual({ to: '/run-sheets', label: 'Run Sheets' });
    expect(nextShiftStep('/run-sheets')).toEqual({ to: '/timesheets', label: 'Timesheets' });
    expect(nextShiftStep('/timesheets')).toEqual({ to: '/downtime', label: 'Downtime' });
    expect(nextShiftStep('/downtime')).toEqual({ to: '/survey', label: 'Survey Data' });
    expect(nextShiftStep('/survey')).toEqual({
      to: '/drill-site-maintenance',
      label: 'Maintenance',
    });
    expect(nextShiftStep('/drill-site-maintenance')?.to).toBe('/hire-tools');
    expect(nextShiftStep('/hire-tools')).toEqual({
      to: '/complete-shift',
      label: 'Complete Shift',
    });
  });

  it('knows the SPEC’s other names of a screen', () => {
    expect(nextShiftStep('/timesheet')?.to).toBe('/downtime');
    expect(nextShiftStep('/run-sheets-professional')?.to).toBe('/timesheets');
    expect(nextShiftStep('/survey-fixed')?.to).toBe('/drill-site-maintenance');
  });

  it('stays under a plod’s own address', () => {
    expect(nextShiftStep('/plods/abc/run-sheets')?.to).toBe('/plods/abc/timesheets');
  });

  it('offers nothing on Shift Details (Save & Continue), Complete Shift, or other screens', () => {
    expect(nextShiftStep('/shift-details')).toBeNull();
    expect(nextShiftStep('/complete-shift')).toBeNull();
    expect(nextShiftStep('/')).toBeNull();
    expect(nextShiftStep('/dashboard')).toBeNull();
  });
});
