// @plod/model: data, rules and Yjs document schemas shared by web and server.
// Exports are listed by name, and only the names web and server use: model's own modules and tests
// import each other directly. CSV and sync protocol live under the ./csv and ./sync subpaths.

// Constants (SPEC 9)
export {
  APP_VERSION_LABEL,
  AUTO_SYNC_INTERVAL_MS,
  CLEANUP_DAYS_MAX,
  CLEANUP_DAYS_MIN,
  DEFAULT_CLEANUP_DAYS,
  DEFAULT_CREW_ROLE,
  DEFAULT_HIRE_TOOL_HOURS,
  DEFAULT_HIRE_TOOL_QUANTITY,
  DEFAULT_HIRE_TOOL_RATE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
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
  REPORT_TABS,
  SHIFT_RECHECK_INTERVAL_MS,
  SUPERVISOR_EMAIL_DEBOUNCE_MS,
  SURVEY_AZIMUTH_MAX,
  SURVEY_AZIMUTH_MIN,
  SURVEY_DEPTH_STEP,
  SURVEY_DIP_MAX,
  SURVEY_DIP_MIN,
  TIMESHEET_DAILY_CAP_HOURS,
  UNDO_WINDOW_MS,
} from './constants/constants.ts';

// Ids and errors
export type {
  AssignmentId,
  HoleId,
  ReportId,
  RigId,
  RunId,
  SiteId,
  TimesheetEntryId,
} from './ids/ids.ts';
export { InvalidIdError, ReportIds, RigIds, SiteIds, isReportId } from './ids/ids.ts';
export { reportIdSchema, siteIdSchema } from './ids/schemas.ts';
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
export type { ShiftType } from './shift/shift-type.ts';
export {
  localIsoDay,
  shiftAfter,
  shiftAt,
  shiftTypeAt,
  shiftTypeLabel,
} from './shift/shift-type.ts';
export {
  crossesMidnight,
  defaultShiftTimes,
  formatClock,
  formatUsDate,
  timeLabel,
  timeOptions,
} from './shift/time.ts';

// Request bodies (SPEC 7)
export { REQUEST_BODIES } from './api/request-bodies.ts';
export { stripBidiControls } from './format/bidi.ts';

// Document names
export {
  HOLES_DOC_NAME,
  REPORT_DOC_PREFIX,
  SETUP_DOC_NAME,
  classifyDocName,
  reportDocName,
} from './docs/doc-names.ts';
export type { MigrationResult } from './docs/migrations.ts';
export {
  DOC_SCHEMAS,
  SCHEMA_MARKS_ROOT,
  docSchemaOf,
  newerDocumentError,
  newerDocumentMessage,
  schemaVersionOf,
} from './docs/schema-versions.ts';
export type { LoadMigration } from './doc-load/on-load.ts';
export { migrateOnLoad } from './doc-load/on-load.ts';

// Report document: snapshot, validation, list summary, bundle, migrations
export type { ReportSnapshot, ReportTotals } from './report-doc/snapshot.ts';
export { readReport } from './report-doc/snapshot.ts';
export { MISSING_SHIFT_DATA_MESSAGE, validateReport } from './report-doc/validate.ts';
export { reportSummary } from './report-doc/summary.ts';
export type { ChangePart, ReportChange } from './report-doc/changes.ts';
export { describeReportChanges } from './report-doc/changes.ts';
export { REPORT_SCHEMA_VERSION } from './kernel/report-keys.ts';
export { REPORT_MIGRATIONS, migrateReportDoc } from './report-doc/migrations.ts';
export type { UndoOutcome } from './report-doc/undo.ts';
export { createReportUndo } from './report-doc/undo.ts';

// Change history: who changed what and when, old -> new; fields changed apart (history/)
export type { Actor } from './history/actor.ts';
export { ACTOR_KINDS, setDocActor, systemActor, withActor } from './history/actor.ts';
export { recordReportChanges } from './history/record.ts';
export type { HistoryEntry } from './history/read.ts';
export { readHistory } from './history/read.ts';
export type { RemovalConflict, ReportHistory } from './history/conflicts.ts';
export {
  canRestore,
  keepRemovedEntry,
  reassertMergedValues,
  restoreRemovedEntry,
} from './history-view/settle.ts';
export { concurrentChanges, conflictOf, readReportHistory } from './history/conflicts.ts';
export type { DescribedChange, HistoryGroup, HistoryNames } from './history-view/describe.ts';
export { HISTORY_GROUPS, describeHistory, fieldLabel } from './history-view/describe.ts';
export type { HistorySection } from './history/stored.ts';
export { HISTORY_ROOTS, HISTORY_SECTIONS } from './history/stored.ts';
// The bundle: a plod's rows as REST answers with them and the CSV writes them
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
  ShiftSummaryUpdateDraft,
  SummaryOverridesDraft,
} from './shift-summary/shift-summary.ts';
export {
  reportStatusSchema,
  savedReportsPreview,
  shiftDetailsPatchSchema,
  summaryOverridesPatchSchema,
} from './shift-summary/shift-summary.ts';
export type { ShiftDetails, SignOffInput } from './shift-summary/report-meta-doc.ts';
export {
  applyShiftSummaryUpdate,
  createReport,
  isShiftSetUp,
  readReportMeta,
  readShiftDetails,
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  signOffInputSchema,
  signOffReport,
  updateShiftDetails,
} from './shift-summary/report-meta-doc.ts';
export type { LifecycleRole } from './shift-summary/lifecycle.ts';
export {
  APPROVED_READ_ONLY,
  LIFECYCLE_PLACES,
  isLockedStatus,
  lifecycleChangeRefusal,
  readLifecycle,
} from './shift-summary/lifecycle.ts';
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
export { SIGNATURE_BOX, SIGNATURE_TOO_LARGE, encodeSignature } from './shift-summary/signature.ts';

// The whole plod as text (report view, print, PDF)
export type {
  PlodSheet,
  SheetFact,
  SheetHole,
  SheetPhoto,
  SheetSignOff,
  SheetTable,
} from './report-sheet/sheet.ts';
export { SIGN_OFF_CERTIFICATIONS, chargesSheetTable, plodSheet } from './report-sheet/sheet.ts';

export { restoreReport } from './shift-summary/restore.ts';

// Finding plods: the filter shared by screens, REST and exports
export type { ParsedPlodFilter, PlodFilter, PlodFilterParam } from './plod-filter/plod-filter.ts';
export {
  FILTER_DATE_MESSAGE,
  FILTER_RANGE_MESSAGE,
  PLOD_FILTER_PARAMS,
  drillerKey,
  matchesPlodFilter,
  parsePlodFilter,
  parseTypedDay,
  plodFilterParams,
} from './plod-filter/plod-filter.ts';

// Crew assignment
export type {
  AssignRoleChoice,
  CrewAssignment,
  CrewAssignmentDraft,
  CrewAssignmentUpdateDraft,
} from './crew-assignment/crew-assignment.ts';
export {
  ASSIGN_ROLE_CHOICES,
  CREW_MESSAGES,
  resolveRoleChoice,
  validateCrew,
} from './crew-assignment/crew-assignment.ts';
export {
  assignCrewMember,
  readCrewAssignments,
  removeCrewAssignment,
  setPrimaryDriller,
  updateCrewAssignment,
} from './crew-assignment/crew-assignment-doc.ts';
export type { PersonHoursPatch } from './crew-assignment/people-hours.ts';
export {
  PEOPLE_HOURS_MESSAGES,
  firstPersonHoursIssue,
  personHours,
  personHoursIssues,
  personHoursText,
} from './crew-assignment/people-hours.ts';

// Holes and runs
export type { HoleConfig, HoleConfigDraft, HoleConfigInput, HoleStatus } from './hole/hole.ts';
export { canStartDrilling, holeProgress, holeStatus, remainingDepth } from './hole/hole.ts';
export type { HoleFormErrors, HoleFormValues } from './hole/hole-form.ts';
export { checkHoleForm } from './hole/hole-form.ts';
export type { HoleSetting, SettingConflict, SettingValue } from './hole/setup-writes.ts';
export type { ReportHole } from './hole/report-hole-doc.ts';
export { addHoleToReport, chooseHoleSetting, readReportHoles } from './hole/report-hole-doc.ts';
export type { DerivedRun, RunContext, RunDraft, RunInput, RunStyle } from './run/run.ts';
export {
  nextRunContext,
  previewEditedRun,
  previewNextRun,
  runBarrelMetres,
  runContextIn,
  runInputFromRunSheetEntry,
  runInputFromRunsBody,
} from './run/run.ts';
export type { RunFormValues } from './run/run-rules.ts';
export { asksStickUp, checkRunForm, runQuestionMessage, runQuestions } from './run/run-rules.ts';
export type { RecoveryTotal } from './run/recovery.ts';
export {
  plodRecoveryTotal,
  recoveryOver,
  recoveryTotal,
  recoveryWords,
  runRecoveryPercent,
  shortRecovery,
} from './run/recovery.ts';
export type { RunPatch } from './run/run-doc.ts';
export { addRun, removeRun, updateRun } from './run/run-doc.ts';

// Timesheet
export type { TimesheetEntry, TimesheetEntryInput } from './timesheet/timesheet.ts';
export {
  TIMESHEET_ACTIVITIES,
  TIMESHEET_OVER_CAP_MESSAGE,
  entryHours,
  entryHoursQuestion,
  timesheetEntryInputSchema,
  validateTimesheet,
} from './timesheet/timesheet.ts';
export {
  addTimesheetEntry,
  removeTimesheetEntry,
  updateTimesheetEntry,
} from './timesheet/timesheet-doc.ts';

// Survey
export type { SurveyEntry, SurveyEntryInput } from './survey/survey.ts';
export { SURVEY_METHODS, surveyEntryInputSchema } from './survey/survey.ts';
export { addSurveyEntry, removeSurveyEntry, updateSurveyEntry } from './survey/survey-doc.ts';

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
export { addMaintenanceEntry } from './maintenance/maintenance-part.ts';
export { maintenancePart } from './maintenance/maintenance-part.ts';

// Bits (register in the hole register document, changes in the report)
export type {
  BitAction,
  BitChange,
  BitChangeInput,
  BitInput,
  BitPatch,
  BitSize,
  BitStatus,
  RegisteredBit,
} from './bit/bit.ts';
export {
  BIT_SIZES,
  BIT_STATUSES,
  BIT_STATUS_LABELS,
  bitCreateBody,
  bitUpdateBody,
  bitChangeInputSchema,
  bitInputSchema,
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
export type { BitMetres } from './bit/bit-metres.ts';
export { bitDownAfter, lifeToDateMetres, metresPerBit } from './bit/bit-metres.ts';
export { addBitChange, bitChangesPart, removeBitChange } from './bit/bit-changes-part.ts';
// Core tray photos (references in the report; the bytes are attachments)
export type { Photo, PhotoInput } from './photos/photos.ts';
export { photoInputSchema, photoLabel } from './photos/photos.ts';
export { addPhoto, photosPart, removePhoto } from './photos/photos-part.ts';

// Hire tools (library in the setup document, usage in the report)
export type { HireTool, HireToolUsageInput } from './hire-tool/hire-tool.ts';
export {
  TOOL_NAME_REQUIRED,
  hireToolCost,
  hireToolCreateSchema,
  hireToolUpdateSchema,
  hireToolUsageInputSchema,
} from './hire-tool/hire-tool.ts';
export type { HireToolUsageRow } from './hire-tool/hire-tool-usage-part.ts';
export { hireToolUsagePart } from './hire-tool/hire-tool-usage-part.ts';
export { addHireToolUsage, updateHireToolUsage } from './hire-tool/hire-tool-usage-part.ts';
export {
  addHireTool,
  deleteHireTool,
  readHireTools,
  updateHireTool,
} from './hire-tool/hire-tool-library-doc.ts';

// Downtime and standby (codes in the setup document, entries in the report)
export type { DowntimeCode, DowntimeEntry, DowntimeGroup } from './downtime/downtime.ts';
export {
  DEFAULT_DOWNTIME_CODES,
  DOWNTIME_GROUPS,
  DOWNTIME_GROUP_LABELS,
  downtimeCodeCopy,
  downtimeCodeCreateSchema,
  downtimeCodeUpdateSchema,
  downtimeEntryInputSchema,
  findOverlaps,
  overlapMessage,
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
export { addDowntimeEntry, downtimePart } from './downtime/downtime-part.ts';

// Consumables (a site's list in the setup document, entries in the report)
export type { Consumable, ConsumableEntry } from './consumable/consumable.ts';
export {
  QUANTITY_POSITIVE,
  consumableCopy,
  consumableCost,
  consumableCreateSchema,
  consumableEntryInputSchema,
  consumableUpdateSchema,
  siteConsumables,
} from './consumable/consumable.ts';
export {
  addConsumable,
  deleteConsumable,
  readConsumables,
  updateConsumable,
} from './consumable/consumable-library-doc.ts';
export { addConsumableEntry, consumableEntriesPart } from './consumable/consumable-entries-part.ts';

// Setup document: sites, rigs, crew members
export type { SetupSnapshot } from './setup-doc/setup-doc.ts';
export { migrateSetupDoc, readSetup } from './setup-doc/setup-doc.ts';
export { SETUP_SCHEMA_VERSION, initSetupDoc, setupSiteCount } from './kernel/setup-keys.ts';
export type { Site, SiteWithHoles } from './site/site.ts';
export {
  SITE_NAME_REQUIRED,
  duplicateSiteNameMessage,
  parseCleanupDays,
  siteCreateSchema,
  siteNamed,
} from './site/site.ts';
export {
  addSite,
  archiveSite,
  deleteSite,
  readSites,
  unarchiveSite,
  updateSite,
} from './site/site-doc.ts';
export type { Rig } from './rig/rig.ts';
export { RIG_NAME_REQUIRED, rigCreateSchema, rigUpdateSchema } from './rig/rig.ts';
export { addRig, deleteRig, readRigs, updateRig } from './rig/rig-doc.ts';
export type { CrewMember, CrewRole } from './crew-member/crew-member.ts';
export {
  CREW_ROLES,
  MEMBER_NAME_REQUIRED,
  availableCrewMembers,
  crewMemberCreateSchema,
  crewMemberUpdateSchema,
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
export {
  holeNumberOwner,
  needsHoleNumbers,
  reserveHoleNumbers,
  suggestHoleId,
} from './holes-doc/hole-numbers.ts';

// Reports index document (server-written list of every report, synced to devices)
// Reading rows is zod-free (rows.ts) for the web app's first screen; writing checks with the schema.
export type { ReportsIndexRow } from './reports-index/rows.ts';
export {
  REPORTS_INDEX_DOC_NAME,
  sortIndexRows,
  readReportsIndex,
  toIndexRow,
} from './reports-index/rows.ts';
export {
  deleteReportsIndexRows,
  indexRowFromListItem,
  replaceReportsIndex,
  setReportsIndexRows,
} from './reports-index/reports-index.ts';
export type { HoleContinuation, HoleProgressMark } from './holes-doc/hole-progress.ts';
export {
  holeContinuation,
  holeProgressMark,
  readHoleProgress,
  recordHoleProgress,
} from './holes-doc/hole-progress.ts';

export { changesReportContent, reportStatusOf } from './report-doc/content-change.ts';

// Read-only reports (completed, sent, deleted) and the CSV editor's edits
export { canSubmitReport, isReportReadOnly } from './shift-summary/read-only.ts';
export type { CsvEdits } from './csv-edits/csv-edits.ts';
export { applyCsvEdits, csvEditsOf, csvEditsSchema, saveCsvEdits } from './csv-edits/csv-edits.ts';

// Start from last shift
export { canStartFrom, createReportFromPlan, nextShiftPlan } from './shift-summary/next-shift.ts';

// Parts of a plod made with definePart (docs/architecture.md, "Adding a part to a plod")
export type { PartInfo, PlodPartRows } from './part-kit/define-part.ts';
export { PLOD_PARTS } from './parts/registry.ts';

// Rosters (expected rig-shifts per site) and missing or late shifts
export type { GapPlod, RosterShift } from './roster/roster.ts';
export {
  LATE_SUBMISSION_HOURS,
  ROSTER_WEEKDAYS,
  WEEKDAY_LABELS,
  shiftGaps,
} from './roster/roster.ts';
export type { RosterCell } from './roster/roster-doc.ts';
export { readRoster, rosterCellSchema, setRosterCells } from './roster/roster-doc.ts';

// KPI facts of a plod (projected once per plod, aggregated by the server)
export type { PlodKpiFacts } from './kpi/kpi-facts.ts';
export type { KpiFigures, Kpis } from './kpi/kpi-answer.ts';
export { plodKpiFacts, plodRevenueCents } from './kpi/kpi-facts.ts';
// Money: contracts and the charges of a plod (DESIGN.md "Money")
export type {
  Contract,
  ContractCreate,
  ContractRates,
  ContractUpdate,
  ContractVersion,
  ContractVersionInput,
  FixedLineBasis,
} from './charges/contract.ts';
export {
  BAND_OVERLAP,
  FIXED_LINE_BASES,
  FIXED_LINE_BASIS_LABELS,
  contractCreateSchema,
  contractRatesSchema,
  contractUpdateSchema,
  contractVersionInputSchema,
  formatCents,
  versionInForce,
} from './charges/contract.ts';
export type { ChargeableBundle, PlodCharges } from './charges/charges.ts';
export { chargesOfPlod } from './charges/charges.ts';
