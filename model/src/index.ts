// @plod/model: data, rules and Yjs document schemas shared by web and server.
// Exports are listed by name; CSV and sync protocol live under the ./csv and ./sync subpaths.

// Constants (SPEC 9)
export {
  APP_VERSION_LABEL,
  AUTO_SYNC_INTERVAL_MS,
  CLEANUP_DAYS_MAX,
  CLEANUP_DAYS_MIN,
  DAY_SHIFT_END_HOUR,
  DAY_SHIFT_START_HOUR,
  DEFAULT_BARREL_TYPE,
  DEFAULT_CLEANUP_DAYS,
  DEFAULT_CREW_ROLE,
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  DEFAULT_SHIFT_END_TIME,
  DEFAULT_SHIFT_START_TIME,
  DEFAULT_SURVEY_AZIMUTH,
  DEFAULT_SURVEY_DIP,
  DEFAULT_SURVEY_HOLE_ID,
  DEFAULT_SURVEY_METHOD,
  DEFAULT_TIMESHEET_ACTIVITY,
  DEFAULT_VARIABLE_STICK_UP,
  DEPTH_WARNING_METRES,
  FIRST_RUN_BARREL_METRES,
  HIRE_TOOL_HOURS_STEP,
  HIRE_TOOL_RATE_STEP,
  MAINTENANCE_TIME_STEP,
  MANUAL_CLEANUP_AGE_DAYS,
  ORI_TOOL_LENGTH_METRES,
  PRIVACY,
  REPORT_TABS,
  ROD_RUN_METRES,
  RUNSHEET_DEFAULT_CONSTANT_STICK_UP,
  RUNSHEET_DEFAULT_TARGET_DEPTH,
  SAVED_REPORTS_PREVIEW_LIMIT,
  SHIFT_RECHECK_INTERVAL_MS,
  SUBMITTED_REPORT_HOURS,
  SUPERVISOR_EMAIL_DEBOUNCE_MS,
  SURVEY_AZIMUTH_MAX,
  SURVEY_AZIMUTH_MIN,
  SURVEY_DEPTH_STEP,
  SURVEY_DIP_MAX,
  SURVEY_DIP_MIN,
  SURVEY_ANGLE_STEP,
  SURVEY_HOLE_ID_OPTIONS,
  TIMESHEET_DAILY_CAP_HOURS,
  TIME_OPTION_STEP_MINUTES,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  UNDO_WINDOW_MS,
} from './constants/constants.ts';

// Ids and errors
export type {
  AssignmentId,
  CrewMemberId,
  HireToolId,
  DowntimeCodeId,
  ConsumableId,
  HoleId,
  ReportId,
  RigId,
  RunId,
  SiteId,
  SurveyEntryId,
  TimesheetEntryId,
} from './ids/ids.ts';
export {
  AssignmentIds,
  CrewMemberIds,
  HireToolIds,
  DowntimeCodeIds,
  ConsumableIds,
  derivedId,
  InvalidIdError,
  ReportIds,
  RigIds,
  RunIds,
  SiteIds,
  SurveyEntryIds,
  TimesheetEntryIds,
  isHoleId,
  isReportId,
  isUuid,
  parseHoleId,
  parseReportId,
} from './ids/ids.ts';
export {
  assignmentIdSchema,
  crewMemberIdSchema,
  hireToolIdSchema,
  holeIdSchema,
  reportIdSchema,
  rigIdSchema,
  siteIdSchema,
} from './ids/schemas.ts';
export type { ModelErrorReason } from './errors/errors.ts';
export { ModelError, isModelError } from './errors/errors.ts';

// Formatting and time
export {
  formatCurrency,
  formatDepth,
  formatHours,
  formatPercent,
  formatPersonHours,
} from './format/format.ts';
export { roundTo, toNumberOr } from './format/round.ts';
// Shift-type helpers come from their zod-free module so a bundle using only them drops zod.
export type { ShiftSlot, ShiftType } from './shift/shift-type.ts';
export {
  SHIFT_TYPES,
  compareShifts,
  localIsoDay,
  nextShift,
  shiftAfter,
  shiftAt,
  shiftTypeAt,
  shiftTypeFromHour,
  shiftTypeLabel,
} from './shift/shift-type.ts';
export type { TimeOption } from './shift/time.ts';
export {
  crossesMidnight,
  defaultShiftTimes,
  formatClock,
  formatUsDate,
  hoursBetween,
  minutesOfDay,
  shiftDurationHours,
  timeLabel,
  timeOptions,
} from './shift/time.ts';
export { shiftTypeSchema, timeOfDaySchema } from './shift/time-schemas.ts';

// Request bodies (SPEC 7)
export type { RequestBody, RequestBodyRoute } from './api/request-bodies.ts';
export { REQUEST_BODIES } from './api/request-bodies.ts';
export {
  MAX_COUNT,
  MAX_DEPTH_METRES,
  MAX_NAME_LENGTH,
  MAX_RATE,
  MAX_SHIFT_HOURS,
  strictName,
} from './strict/strict.ts';
export { stripBidiControls } from './format/bidi.ts';

// Document names
export type { ClassifiedDocName, DocKind } from './docs/doc-names.ts';
export {
  HOLES_DOC_NAME,
  REPORT_DOC_PREFIX,
  SETUP_DOC_NAME,
  classifyDocName,
  isReportDocName,
  reportDocName,
} from './docs/doc-names.ts';
export type { Migration, MigrationResult } from './docs/migrations.ts';
export type { DocSchema, VersionedDocKind } from './docs/schema-versions.ts';
export {
  DOC_SCHEMAS,
  MIGRATION_ORIGIN,
  SCHEMA_MARKS_ROOT,
  docSchemaOf,
  isNewerDocument,
  needsMigration,
  newerDocumentError,
  newerDocumentMessage,
  schemaVersionOf,
  storedSchemaVersion,
} from './docs/schema-versions.ts';
export type { LoadMigration } from './doc-load/on-load.ts';
export { migrateOnLoad } from './doc-load/on-load.ts';

// Report document: snapshot, validation, list summary, bundle, migrations
export type { EffectiveSummary, ReportSnapshot, ReportTotals } from './report-doc/snapshot.ts';
export { readReport } from './report-doc/snapshot.ts';
export type { ReportIssues } from './report-doc/validate.ts';
export { MISSING_SHIFT_DATA_MESSAGE, validateReport } from './report-doc/validate.ts';
export type { NameLookup, ReportListItem } from './report-doc/summary.ts';
export { reportSummary } from './report-doc/summary.ts';
export { brokenInvariants } from './report-doc/invariants.ts';
export type { ChangePart, ReportChange } from './report-doc/changes.ts';
export { describeReportChanges } from './report-doc/changes.ts';
export { REPORT_SCHEMA_VERSION } from './kernel/report-keys.ts';
export { REPORT_MIGRATIONS, migrateReportDoc } from './report-doc/migrations.ts';
export type { ReportUndo, ReportUndoOptions, UndoOutcome, UndoStep } from './report-doc/undo.ts';
export { createReportUndo } from './report-doc/undo.ts';
export { UNDO_ROOTS, describeReportChange } from './report-doc/undo-labels.ts';

// Change history: who changed what and when, old -> new; fields changed apart (history/)
export type { Actor } from './history/actor.ts';
export {
  ACTOR_KINDS,
  isActor,
  currentActor,
  setDocActor,
  systemActor,
  withActor,
} from './history/actor.ts';
export type { RecordOptions } from './history/record.ts';
export { HISTORY_ORIGIN, recordReportChanges } from './history/record.ts';
export type { HistoryChangeKind, HistoryEntry } from './history/read.ts';
export { readHistory } from './history/read.ts';
export type { FieldConflict, RemovalConflict, ReportHistory } from './history/conflicts.ts';
export {
  RESTORABLE_SECTIONS,
  canRestore,
  keepRemovedEntry,
  reassertMergedValues,
  restoreRemovedEntry,
  restoredFields,
} from './history-view/settle.ts';
export {
  concurrentChanges,
  conflictOf,
  findConflicts,
  findRemovalConflicts,
  readReportHistory,
} from './history/conflicts.ts';
export type { DescribedChange, HistoryGroup, HistoryNames } from './history-view/describe.ts';
export {
  HISTORY_GROUPS,
  describeHistory,
  fieldLabel,
  historyGroup,
} from './history-view/describe.ts';
export type { HistorySection } from './history/stored.ts';
export { HISTORY_ROOTS, HISTORY_SECTIONS } from './history/stored.ts';
export type { DigestValue, HistoryFields, HistoryValue } from './history/values.ts';
export { isDigest } from './history/values.ts';
export type {
  BundleCrewAssignment,
  BundleReportStatus,
  BundleRunSheetEntry,
  BundleShiftSummary,
  BundleShiftType,
  BundleSurveyEntry,
  BundleTimesheetEntry,
  ShiftReportBundle,
} from './bundle/bundle.ts';
export type { BundleReference } from './report-doc/to-bundle.ts';
export { toBundle } from './report-doc/to-bundle.ts';

// Shift summary (the report itself): status, details, overrides, sign-off
export type { ReportStatus } from './kernel/status.ts';
export { REPORT_STATUSES, STATUS_WORDS, isSubmittedStatus, reportTab } from './kernel/status.ts';
export type {
  SavedReportsPreview,
  ShiftDetailsDraft,
  ShiftDetailsPatch,
  ShiftSummaryCreate,
  ShiftSummaryUpdate,
  ShiftSummaryUpdateDraft,
  SummaryOverridesDraft,
  SummaryOverridesPatch,
} from './shift-summary/shift-summary.ts';
export {
  STATUS_TRANSITIONS,
  canTransition,
  isClosingStatus,
  reportStatusSchema,
  savedReportsPreview,
  shiftDetailsPatchSchema,
  shiftSummaryCreateSchema,
  shiftSummaryUpdateSchema,
  summaryOverridesPatchSchema,
} from './shift-summary/shift-summary.ts';
export type {
  CreateReportInit,
  ReportMeta,
  ShiftDetails,
  SignOff,
  SignOffInput,
  SummaryOverrides,
} from './shift-summary/report-meta-doc.ts';
export {
  applyShiftSummaryUpdate,
  createReport,
  isShiftSetUp,
  readReportMeta,
  readShiftDetails,
  readSignOff,
  readSummaryOverrides,
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  signOffInputSchema,
  signOffReport,
  updateShiftDetails,
} from './shift-summary/report-meta-doc.ts';
export type { LifecycleRole, LifecycleState } from './shift-summary/lifecycle.ts';
export {
  APPROVED_READ_ONLY,
  LIFECYCLE_PLACES,
  isLockedStatus,
  lifecycleChangeRefusal,
  readLifecycle,
  statusChangeRefusal,
} from './shift-summary/lifecycle.ts';
export type { ReopenBody, ReturnBody } from './shift-summary/supervisor-decision.ts';
export {
  REOPEN_REASON_REQUIRED,
  reopenBodySchema,
  reopenReport,
  RETURN_COMMENT_MAX,
  RETURN_COMMENT_REQUIRED,
  approveReport,
  returnBodySchema,
  returnReport,
} from './shift-summary/supervisor-decision.ts';
export type { SignaturePoint } from './shift-summary/signature.ts';
export {
  SIGNATURE_BOX,
  SIGNATURE_MAX_LENGTH,
  SIGNATURE_REQUIRED,
  SIGNATURE_TOO_LARGE,
  encodeSignature,
  isSignaturePath,
  signaturePathSchema,
  signatureStrokes,
  simplifyStroke,
} from './shift-summary/signature.ts';

// The whole plod as text (report view, print, PDF)
export type {
  PlodSheet,
  SheetColumn,
  SheetFact,
  SheetHole,
  SheetOptions,
  SheetPhoto,
  SheetSignOff,
  SheetStatus,
  SheetPart,
  SheetTable,
} from './report-sheet/sheet.ts';
export {
  SIGN_OFF_CERTIFICATIONS,
  chargesSheetTable,
  formatTimestamp,
  plodSheet,
} from './report-sheet/sheet.ts';
export type { OverridableField, SummaryOverrideMark } from './report-sheet/overrides.ts';
export { summaryFacts, summaryOverrideMarks } from './report-sheet/overrides.ts';

export { restoreReport, restoredStatus } from './shift-summary/restore.ts';

// Finding plods: the filter shared by screens, REST and exports
export type {
  FilterablePlod,
  ParsedPlodFilter,
  PlodFilter,
  PlodFilterParam,
} from './plod-filter/plod-filter.ts';
export {
  FILTER_DATE_MESSAGE,
  FILTER_RANGE_MESSAGE,
  PLOD_FILTER_PARAMS,
  drillerKey,
  isEmptyFilter,
  isRealIsoDay,
  matchesPlodFilter,
  parsePlodFilter,
  parseTypedDay,
  plodFilterParams,
} from './plod-filter/plod-filter.ts';

// Crew assignment
export type {
  AssignRoleChoice,
  AssignmentRole,
  CrewAssignment,
  CrewAssignmentDraft,
  CrewAssignmentInput,
  CrewAssignmentUpdate,
  CrewAssignmentUpdateDraft,
} from './crew-assignment/crew-assignment.ts';
export {
  ASSIGNMENT_ROLES,
  ASSIGN_ROLE_CHOICES,
  CREW_MESSAGES,
  assignmentRoleSchema,
  crewAssignmentInputSchema,
  crewAssignmentUpdateSchema,
  isAlreadyAssigned,
  resolveRoleChoice,
  validateCrew,
} from './crew-assignment/crew-assignment.ts';
export {
  assignCrewMember,
  primaryAssignmentId,
  readCrewAssignments,
  removeCrewAssignment,
  setPrimaryDriller,
  updateCrewAssignment,
} from './crew-assignment/crew-assignment-doc.ts';
export type {
  PersonHours,
  PersonHoursField,
  PersonHoursPatch,
  ShiftTimes,
  StoredPersonHours,
} from './crew-assignment/people-hours.ts';
export {
  PEOPLE_HOURS_MESSAGES,
  firstPersonHoursIssue,
  personHours,
  personHoursIssues,
  personHoursText,
  spanHours,
} from './crew-assignment/people-hours.ts';

// Holes and runs
export type {
  HoleConfig,
  HoleConfigDraft,
  HoleConfigInput,
  HoleConfigPatch,
  HoleConfigPatchDraft,
  HoleStatus,
} from './hole/hole.ts';
export {
  HOLE_STATUSES,
  canStartDrilling,
  holeConfigInputSchema,
  holeConfigPatchSchema,
  holeIdBodySchema,
  holeProgress,
  holeStatus,
  isNearTarget,
  nextHoleId,
  remainingDepth,
  runsheetHoleConfigInputSchema,
} from './hole/hole.ts';
export type { HoleFormErrors, HoleFormValues } from './hole/hole-form.ts';
export { checkHoleForm } from './hole/hole-form.ts';
export type {
  HoleSetting,
  SettingConflict,
  SettingOption,
  SettingValue,
  SetupWrite,
} from './hole/setup-writes.ts';
export { HOLE_SETTINGS } from './hole/setup-writes.ts';
export type { HoleStartInput, ReportHole, ReportHoleSetup } from './hole/report-hole-doc.ts';
export {
  addHoleToReport,
  chooseHoleSetting,
  holeStartSchema,
  readReportHoleWrites,
  readReportHoles,
  updateReportHole,
} from './hole/report-hole-doc.ts';
export type {
  ChainStart,
  DerivedRun,
  RecordedRun,
  RunContext,
  RunDraft,
  RunInput,
  RunMeasureInput,
  RunStyle,
  StoredRun,
} from './run/run.ts';
export {
  NEW_HOLE_CHAIN_START,
  RUN_STYLES,
  STICK_UP_REQUIRED,
  chainDepth,
  deriveRunChain,
  effectiveStickUp,
  legacyRunLength,
  measureRun,
  nextRunContext,
  previewEditedRun,
  previewNextRun,
  recoveredLengthSchema,
  runBarrelMetres,
  runContextIn,
  runInputFromRunSheetEntry,
  runInputFromRunsBody,
  runInputSchema,
  runLength,
  runSheetEntryBodySchema,
  runsBodySchema,
} from './run/run.ts';
export type { RunFormCheck, RunFormValues, RunQuestion, RunRefusal } from './run/run-rules.ts';
export {
  STICK_UP_BLANK,
  STICK_UP_NOT_A_NUMBER,
  asksStickUp,
  checkRunForm,
  checkStickUpText,
  runQuestionMessage,
  runQuestions,
  runRefusal,
  runRefusalMessage,
  stickUpRangeMessage,
} from './run/run-rules.ts';
export type { RecoveryRefusal, RecoveryTotal } from './run/recovery.ts';
export {
  RECOVERED_NOT_A_NUMBER,
  checkRecoveredText,
  plodRecoveryTotal,
  recoveryOver,
  recoveryRefusal,
  recoveryRefusalMessage,
  recoveryTotal,
  recoveryWords,
  runRecoveryPercent,
  shortRecovery,
} from './run/recovery.ts';
export type { RunPatch } from './run/run-doc.ts';
export { addRun, removeRun, runPatchSchema, updateRun } from './run/run-doc.ts';
export { parseDecimalText } from './format/decimal-text.ts';

// Timesheet
export type {
  EntryHoursConcern,
  TimesheetActivity,
  TimesheetEntry,
  TimesheetEntryInput,
  TimesheetEntryPatch,
  TimesheetTotals,
} from './timesheet/timesheet.ts';
export {
  TIMESHEET_ACTIVITIES,
  TIMESHEET_OVER_CAP_MESSAGE,
  entryHours,
  entryHoursConcern,
  entryHoursQuestion,
  timesheetActivitySchema,
  timesheetEntryInputSchema,
  timesheetEntryPatchSchema,
  timesheetTotals,
  validateTimesheet,
} from './timesheet/timesheet.ts';
export {
  addTimesheetEntry,
  readTimesheet,
  removeTimesheetEntry,
  updateTimesheetEntry,
} from './timesheet/timesheet-doc.ts';

// Survey
export type {
  SurveyEntry,
  SurveyEntryInput,
  SurveyEntryPatch,
  SurveyMethod,
} from './survey/survey.ts';
export {
  SURVEY_METHODS,
  averageSurveyDepth,
  surveyEntryInputSchema,
  surveyEntryPatchSchema,
  surveyMethodSchema,
} from './survey/survey.ts';
export {
  addSurveyEntry,
  readSurvey,
  removeSurveyEntry,
  updateSurveyEntry,
} from './survey/survey-doc.ts';

// Maintenance (its descriptor, maintenancePart, holds the rest)
export type {
  EquipmentType,
  MaintenanceEntry,
  MaintenanceEntryInput,
} from './maintenance/maintenance.ts';
export {
  EQUIPMENT_TYPES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TYPES,
  componentChoices,
  isMaintenanceStatusGreen,
  maintenanceEntryInputSchema,
} from './maintenance/maintenance.ts';
export {
  addMaintenanceEntry,
  removeMaintenanceEntry,
  updateMaintenanceEntry,
} from './maintenance/maintenance-part.ts';
export { maintenancePart } from './maintenance/maintenance-part.ts';

// Bits (register in the hole register document, changes in the report)
export type {
  BitAction,
  BitChange,
  BitChangeInput,
  BitChangePatch,
  BitInput,
  BitPatch,
  BitSize,
  BitStatus,
  RegisteredBit,
} from './bit/bit.ts';
export {
  BIT_ACTIONS,
  BIT_SIZES,
  BIT_STATUSES,
  BIT_STATUS_LABELS,
  bitCreateBody,
  bitUpdateBody,
  bitChangeInputSchema,
  bitChangePatchSchema,
  bitInputSchema,
  bitPatchSchema,
  normaliseSerial,
} from './bit/bit.ts';
export {
  findBit,
  publishBitMetres,
  readBitRegister,
  readPublishedBitMetres,
  registerBit,
  removeBit,
  updateBit,
} from './holes-doc/bit-register.ts';
export type { BitMetres, MetresBitChange, MetresRun } from './bit/bit-metres.ts';
export { bitDownAfter, bitMetresOfPlod, lifeToDateMetres, metresPerBit } from './bit/bit-metres.ts';
export { addBitChange, bitChangesPart, removeBitChange } from './bit/bit-changes-part.ts';
// Core tray photos (references in the report; the bytes are attachments)
export type { Photo, PhotoInput, PhotoPatch, PhotoType } from './photos/photos.ts';
export { PHOTO_TYPES, photoInputSchema, photoLabel, photoPatchSchema } from './photos/photos.ts';
export { addPhoto, photosPart, removePhoto } from './photos/photos-part.ts';

// Hire tools (library in the setup document, usage in the report)
export type {
  HireTool,
  HireToolCreate,
  HireToolUpdate,
  HireToolUsage,
  HireToolUsageInput,
  HireToolUsagePatch,
} from './hire-tool/hire-tool.ts';
export {
  TOOL_NAME_REQUIRED,
  hireToolCost,
  hireToolCreateSchema,
  hireToolUpdateSchema,
  hireToolUsageInputSchema,
  hireToolUsagePatchSchema,
  totalHireToolCost,
} from './hire-tool/hire-tool.ts';
export type { HireToolUsageRow } from './hire-tool/hire-tool-usage-part.ts';
export { hireToolUsagePart } from './hire-tool/hire-tool-usage-part.ts';
export {
  addHireToolUsage,
  removeHireToolUsage,
  updateHireToolUsage,
} from './hire-tool/hire-tool-usage-part.ts';
export {
  addHireTool,
  deleteHireTool,
  readHireTools,
  updateHireTool,
} from './hire-tool/hire-tool-library-doc.ts';

// Downtime and standby (codes in the setup document, entries in the report)
export type {
  DefaultDowntimeCode,
  DowntimeCode,
  DowntimeCodeCopy,
  DowntimeCodeCreate,
  DowntimeCodeUpdate,
  DowntimeEntry,
  DowntimeEntryInput,
  DowntimeEntryPatch,
  DowntimeGroup,
  Overlap,
  ShiftHours,
  TimedEntry,
} from './downtime/downtime.ts';
export {
  CODE_NAME_REQUIRED,
  CODE_REQUIRED,
  DEFAULT_DOWNTIME_CODES,
  DOWNTIME_GROUPS,
  DOWNTIME_GROUP_LABELS,
  downtimeCodeCopy,
  downtimeCodeCreateSchema,
  downtimeCodeUpdateSchema,
  downtimeEntryInputSchema,
  downtimeEntryPatchSchema,
  downtimeHours,
  findOverlaps,
  overlapMessage,
  shiftHours,
  shiftHoursLine,
  timedEntries,
} from './downtime/downtime.ts';
export {
  addDowntimeCode,
  defaultDowntimeCodeId,
  deleteDowntimeCode,
  readDowntimeCodes,
  seedDefaultDowntimeCodes,
  siteDowntimeCodes,
  updateDowntimeCode,
} from './downtime/downtime-codes-doc.ts';
export {
  addDowntimeEntry,
  downtimePart,
  removeDowntimeEntry,
  updateDowntimeEntry,
} from './downtime/downtime-part.ts';

// Consumables (a site's list in the setup document, entries in the report)
export type {
  Consumable,
  ConsumableCopy,
  ConsumableCreate,
  ConsumableEntry,
  ConsumableEntryInput,
  ConsumableEntryPatch,
  ConsumableUpdate,
} from './consumable/consumable.ts';
export {
  ITEM_NAME_REQUIRED,
  ITEM_REQUIRED,
  QUANTITY_POSITIVE,
  UNIT_REQUIRED,
  consumableCopy,
  consumableCost,
  consumableCreateSchema,
  consumableEntryInputSchema,
  consumableEntryPatchSchema,
  consumableUpdateSchema,
  siteConsumables,
} from './consumable/consumable.ts';
export {
  addConsumable,
  deleteConsumable,
  readConsumables,
  updateConsumable,
} from './consumable/consumable-library-doc.ts';
export {
  addConsumableEntry,
  consumableEntriesPart,
  removeConsumableEntry,
  updateConsumableEntry,
} from './consumable/consumable-entries-part.ts';

// Setup document: sites, rigs, crew members
export type { SetupSnapshot } from './setup-doc/setup-doc.ts';
export { SETUP_MIGRATIONS, migrateSetupDoc, readSetup } from './setup-doc/setup-doc.ts';
export { SETUP_SCHEMA_VERSION, initSetupDoc, setupSiteCount } from './kernel/setup-keys.ts';
export type { Site, SiteCreate, SiteUpdate, SiteWithHoles } from './site/site.ts';
export {
  SITE_NAME_REQUIRED,
  activeSites,
  duplicateSiteNameMessage,
  parseAutoCleanup,
  parseCleanupDays,
  parseSupervisorEmail,
  siteCreateSchema,
  siteNameKey,
  siteNamed,
  siteUpdateSchema,
} from './site/site.ts';
export {
  addSite,
  archiveSite,
  deleteSite,
  readSites,
  siteExists,
  unarchiveSite,
  updateSite,
} from './site/site-doc.ts';
export type { Rig, RigCreate, RigUpdate } from './rig/rig.ts';
export { RIG_NAME_REQUIRED, rigCreateSchema, rigUpdateSchema } from './rig/rig.ts';
export { addRig, deleteRig, readRigs, updateRig } from './rig/rig-doc.ts';
export type {
  CrewMember,
  CrewMemberCreate,
  CrewMemberUpdate,
  CrewRole,
} from './crew-member/crew-member.ts';
export {
  CREW_ROLES,
  MEMBER_NAME_REQUIRED,
  availableCrewMembers,
  crewMemberCreateSchema,
  crewMemberUpdateSchema,
  crewRoleSchema,
} from './crew-member/crew-member.ts';
export {
  addCrewMember,
  deleteCrewMember,
  readCrewMembers,
  updateCrewMember,
} from './crew-member/crew-member-doc.ts';

// Hole register document
export type { RegisteredHole } from './holes-doc/holes-doc.ts';
export {
  HOLES_MIGRATIONS,
  HOLES_SCHEMA_VERSION,
  holeIdsOfSite,
  initHolesDoc,
  migrateHolesDoc,
  chooseRegisteredHoleSetting,
  readHoleRegister,
  readRegisterWrites,
  registerHole,
  sitesWithHoles,
  updateRegisteredHole,
} from './holes-doc/holes-doc.ts';
export type { HoleNumberBlock } from './holes-doc/hole-numbers.ts';
export {
  HOLE_NUMBERS_LOW,
  HOLE_NUMBER_BLOCK_SIZE,
  freeHoleNumbers,
  holeNumberOwner,
  needsHoleNumbers,
  ownerTag,
  readHoleNumberBlocks,
  reserveHoleNumbers,
  suggestHoleId,
} from './holes-doc/hole-numbers.ts';

// Reports index document (server-written list of every report, synced to devices)
// Reading rows is zod-free (rows.ts) for the web app's first screen; writing checks with the schema.
export type { ReportsIndexRow } from './reports-index/rows.ts';
export {
  REPORTS_INDEX_DOC_NAME,
  compareIndexRows,
  sortIndexRows,
  readReportsIndex,
  toIndexRow,
} from './reports-index/rows.ts';
export {
  deleteReportsIndexRows,
  indexRowFromListItem,
  replaceReportsIndex,
  reportsIndexRowSchema,
  setReportsIndexRows,
} from './reports-index/reports-index.ts';
export type { HoleContinuation, HoleProgressMark } from './holes-doc/hole-progress.ts';
export {
  HOLE_PROGRESS_ROOT,
  holeContinuation,
  holeProgressMark,
  readHoleProgress,
  recordHoleProgress,
} from './holes-doc/hole-progress.ts';

export { changesReportContent, reportStatusOf } from './report-doc/content-change.ts';

// Read-only reports (completed, sent, deleted) and the CSV editor's edits
export {
  REPORT_READ_ONLY_MESSAGE,
  canSubmitReport,
  isReportReadOnly,
} from './shift-summary/read-only.ts';
export type { CsvEdits, ParsedCsvEdits } from './csv-edits/csv-edits.ts';
export {
  CSV_DEPTH_INVALID,
  applyCsvEdits,
  csvEditsOf,
  csvEditsSchema,
  saveCsvEdits,
} from './csv-edits/csv-edits.ts';

// Start from last shift
export type { NextShiftPlan } from './shift-summary/next-shift.ts';
export { canStartFrom, createReportFromPlan, nextShiftPlan } from './shift-summary/next-shift.ts';

// Parts of a plod made with definePart (docs/architecture.md, "Adding a part to a plod")
export { definePart } from './part-kit/define-part.ts';
export type {
  CsvTable,
  FieldLabel,
  PartInfo,
  PartRows,
  PlodPart,
  PlodPartRows,
} from './part-kit/define-part.ts';
export { PLOD_PARTS } from './parts/registry.ts';
// The id kinds of the parts' rows, declared beside each part's types.
export type { MaintenanceEntryId } from './maintenance/maintenance.ts';
export { MaintenanceEntryIds } from './maintenance/maintenance.ts';
export type { HireToolUsageId } from './hire-tool/hire-tool.ts';
export { HireToolUsageIds } from './hire-tool/hire-tool.ts';
export type { DowntimeEntryId } from './downtime/downtime.ts';
export { DowntimeEntryIds } from './downtime/downtime.ts';
export type { ConsumableEntryId } from './consumable/consumable.ts';
export { ConsumableEntryIds } from './consumable/consumable.ts';
export type { BitChangeId } from './bit/bit.ts';
export { BitChangeIds } from './bit/bit.ts';
export type { PhotoId } from './photos/photos.ts';
export { PhotoIds } from './photos/photos.ts';
export type {
  PlodPartName,
  PlodPartsBundle,
  PlodPartsRows,
  PlodPartsTotals,
} from './parts/registry.ts';

// Rosters (expected rig-shifts per site) and missing or late shifts
export type {
  GapPlod,
  LatePlod,
  RigShift,
  RosterShift,
  RosterWeekday,
  ShiftGaps,
} from './roster/roster.ts';
export {
  LATE_SUBMISSION_HOURS,
  ROSTER_WEEKDAYS,
  WEEKDAY_LABELS,
  datesBetween,
  shiftEndMs,
  shiftGaps,
  weekdayOf,
} from './roster/roster.ts';
export type { RosterCell } from './roster/roster-doc.ts';
export { readRoster, rosterCellSchema, setRosterCells } from './roster/roster-doc.ts';

// KPI facts of a plod (projected once per plod, aggregated by the server)
export type { BitFact, DowntimeFact, HoleFact, PlodKpiFacts } from './kpi/kpi-facts.ts';
export type { KpiFigures, Kpis } from './kpi/kpi-answer.ts';
export { firstSubmittedAt, plodKpiFacts, plodRevenueCents } from './kpi/kpi-facts.ts';
// Money: contracts and the charges of a plod (DESIGN.md "Money")
export type {
  Contract,
  ContractCreate,
  ContractRates,
  ContractUpdate,
  ContractVersion,
  ContractVersionInput,
  FixedLine,
  FixedLineBasis,
  HourlyRate,
  MetreRate,
  StandbyRate,
} from './charges/contract.ts';
export {
  BAND_OVERLAP,
  CLIENT_NAME_REQUIRED,
  CONTRACT_NUMBER_REQUIRED,
  EFFECTIVE_DATE_INVALID,
  FIXED_LINE_BASES,
  FIXED_LINE_BASIS_LABELS,
  contractCreateSchema,
  contractRatesSchema,
  contractUpdateSchema,
  contractVersionInputSchema,
  formatCents,
  versionInForce,
} from './charges/contract.ts';
export type {
  ChargeKind,
  ChargeLine,
  ChargeOptions,
  ChargeableBundle,
  PlodCharges,
} from './charges/charges.ts';
export { chargesOfPlod } from './charges/charges.ts';
