/**
 * Business constants and limits of SPEC section 9, in one place so web, server and tests agree.
 */

/** Day shift starts at this local hour (inclusive). */
export const DAY_SHIFT_START_HOUR = 6;
/** Day shift ends before this local hour (exclusive); from here on it is night. */
export const DAY_SHIFT_END_HOUR = 18;
/** Default day-shift times (12 hours); a night shift defaults to the reverse (defaultShiftTimes). */
export const DEFAULT_SHIFT_START_TIME = '06:00';
export const DEFAULT_SHIFT_END_TIME = '18:00';
/** A submitted report without an override records this many hours worked. */
export const SUBMITTED_REPORT_HOURS = 12;
/** Time selects offer one option per this many minutes. */
export const TIME_OPTION_STEP_MINUTES = 30;

/** Timesheet daily cap in hours. */
export const TIMESHEET_DAILY_CAP_HOURS = 12;
export const DEFAULT_TIMESHEET_ACTIVITY = 'drilling';

/** The run-sheets card warns when the active hole is within this many metres of target. */
export const DEPTH_WARNING_METRES = 6;
/** The dashboard's saved-reports list shows at most this many, with View All when more. */
export const SAVED_REPORTS_PREVIEW_LIMIT = 5;

/** Core barrel length of a hole's first run (m). */
export const FIRST_RUN_BARREL_METRES = 4;
/** Length of a later run before stick-up is taken off (m). */
export const ROD_RUN_METRES = 3;
/** Extra metres when the ori tool is used on a run. */
export const ORI_TOOL_LENGTH_METRES = 0.4;
export const DEFAULT_VARIABLE_STICK_UP = 0.5;
/** Barrel type recorded for added runs. */
export const DEFAULT_BARREL_TYPE = 'NQ';

/** Defaults of the new-hole form (SPEC 5 and 9). */
export const DEFAULT_HOLE_DIP = -60;
export const DEFAULT_HOLE_AZIMUTH = 0;
export const DEFAULT_HOLE_TARGET_DEPTH = 100;
export const DEFAULT_HOLE_CONSTANT_STICK_UP = 0.5;
/** Defaults used when a runsheet is generated. */
export const RUNSHEET_DEFAULT_TARGET_DEPTH = 124.2;
export const RUNSHEET_DEFAULT_CONSTANT_STICK_UP = 0.1;

/** Survey defaults and limits. */
export const DEFAULT_SURVEY_HOLE_ID = 'DH001';
/** Survey dip and azimuth are read to one decimal of a degree. */
export const SURVEY_ANGLE_STEP = 0.1;
export const SURVEY_HOLE_ID_OPTIONS = ['DH001', 'DH002', 'DH003'] as const;
export const DEFAULT_SURVEY_AZIMUTH = 0;
export const DEFAULT_SURVEY_DIP = -60;
export const DEFAULT_SURVEY_METHOD = 'magnetic';
export const SURVEY_AZIMUTH_MIN = 0;
export const SURVEY_AZIMUTH_MAX = 360;
export const SURVEY_DIP_MIN = -90;
export const SURVEY_DIP_MAX = 90;
export const SURVEY_DEPTH_STEP = 0.1;

/** Maintenance defaults. */
export const MAINTENANCE_TIME_STEP = 0.5;

/** Hire tool defaults and steps. */
export const DEFAULT_HIRE_TOOL_QUANTITY = 1;
export const DEFAULT_HIRE_TOOL_HOURS = 1;
export const DEFAULT_HIRE_TOOL_RATE = 0;
export const HIRE_TOOL_HOURS_STEP = 0.5;
export const HIRE_TOOL_RATE_STEP = 0.01;

/** New crew members are drillers unless chosen otherwise. */
export const DEFAULT_CREW_ROLE = 'driller';

/** Site cleanup settings. */
export const CLEANUP_DAYS_MIN = 1;
export const CLEANUP_DAYS_MAX = 365;
export const DEFAULT_CLEANUP_DAYS = 30;
/** Deleted reports older than this many days are removed by a manual cleanup. */
export const MANUAL_CLEANUP_AGE_DAYS = 30;

/**
 * Undo offers this phone's changes of the last this-many milliseconds: long enough to notice a
 * slip while still on the screen, short enough that nobody undoes a change they no longer remember.
 */
export const UNDO_WINDOW_MS = 10 * 60_000;

/** Timers (milliseconds). */
export const AUTO_SYNC_INTERVAL_MS = 30_000;
export const SHIFT_RECHECK_INTERVAL_MS = 3000;
export const SUPERVISOR_EMAIL_DEBOUNCE_MS = 1000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** App version label shown on the reports list. */
export const APP_VERSION_LABEL = 'v2.1';
/** Tabs of the reports list. */
export const REPORT_TABS = ['active', 'sent', 'deleted'] as const;

/** Privacy policy retention periods and dates. */
export const PRIVACY = {
  dataLocation: 'Australia',
  operationalDataRetentionYears: 7,
  safetyAndMaintenanceRetentionYears: 10,
  personalInformationRetention: 'employment plus 2 years',
  personalInformationRetentionYearsAfterEmployment: 2,
  logRetentionMonths: 12,
  contactResponseDays: 30,
  effectiveDate: '2025-01-01',
  updatedDate: '2025-07-14',
} as const;
