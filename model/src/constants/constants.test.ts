import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';

describe('SPEC 9 constants', () => {
  it('keeps the timers of the SPEC', () => {
    expect(C.AUTO_SYNC_INTERVAL_MS).toBe(30_000);
    expect(C.SHIFT_RECHECK_INTERVAL_MS).toBe(3000);
    expect(C.SUPERVISOR_EMAIL_DEBOUNCE_MS).toBe(1000);
    expect(C.TOAST_LIMIT).toBe(1);
    expect(C.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
  it('keeps the shift, timesheet and list limits', () => {
    expect([
      C.DEFAULT_SHIFT_START_TIME,
      C.DEFAULT_SHIFT_END_TIME,
      C.SUBMITTED_REPORT_HOURS,
    ]).toEqual(['06:00', '18:00', 12]);
    expect(C.TIMESHEET_DAILY_CAP_HOURS).toBe(12);
    expect(C.DEFAULT_TIMESHEET_ACTIVITY).toBe('drilling');
    expect(C.DEPTH_WARNING_METRES).toBe(6);
    expect(C.SAVED_REPORTS_PREVIEW_LIMIT).toBe(5);
    expect(C.TIME_OPTION_STEP_MINUTES).toBe(30);
    expect(C.REPORT_TABS).toEqual(['active', 'sent', 'deleted']);
    expect(C.APP_VERSION_LABEL).toBe('v2.1');
  });
  it('keeps cleanup settings and privacy retention periods', () => {
    expect([C.CLEANUP_DAYS_MIN, C.CLEANUP_DAYS_MAX, C.DEFAULT_CLEANUP_DAYS]).toEqual([1, 365, 30]);
    expect(C.PRIVACY).toMatchObject({
      dataLocation: 'Australia',
      operationalDataRetentionYears: 7,
      safetyAndMaintenanceRetentionYears: 10,
      personalInformationRetentionYearsAfterEmployment: 2,
      logRetentionMonths: 12,
      contactResponseDays: 30,
      effectiveDate: '2025-01-01',
      updatedDate: '2025-07-14',
    });
  });
  it('keeps the drilling defaults', () => {
    expect([
      C.FIRST_RUN_BARREL_METRES,
      C.ROD_RUN_METRES,
      C.ORI_TOOL_LENGTH_METRES,
      C.DEFAULT_VARIABLE_STICK_UP,
    ]).toEqual([4, 3, 0.4, 0.5]);
    expect(C.DEFAULT_BARREL_TYPE).toBe('NQ');
    expect([
      C.DEFAULT_HOLE_DIP,
      C.DEFAULT_HOLE_AZIMUTH,
      C.DEFAULT_HOLE_TARGET_DEPTH,
      C.DEFAULT_HOLE_CONSTANT_STICK_UP,
    ]).toEqual([-60, 0, 100, 0.5]);
    expect([C.RUNSHEET_DEFAULT_TARGET_DEPTH, C.RUNSHEET_DEFAULT_CONSTANT_STICK_UP]).toEqual([
      124.2, 0.1,
    ]);
  });
});
