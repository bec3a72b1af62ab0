import type * as Y from 'yjs';

/** Root types of a report document. Every root is created on first use; roots never conflict. */
export const REPORT_ROOTS = {
  /**
   * schemaVersion, reportId, status, createdAt, completedAt, updatedAt, notes, primaryAssignmentId,
   * returnComment, reopenReason, statusSetBy, statusSetAt.
   */
  meta: 'meta',
  /** Shift details: date, shiftType, startTime, endTime, siteId, rigId, siteName, rigName, level. */
  shift: 'shift',
  /** Summary overrides a person typed: operator, totalDepthDrilled, hoursWorked, holesCompleted. */
  overrides: 'summaryOverrides',
  /** Crew assignments by id. */
  crew: 'crew',
  /**
   * Holes worked in this shift as setup writes keyed by write id (hole label, settings, where the
   * shift's chain starts, the writes each replaced): see hole/setup-writes.ts.
   */
  holeSetups: 'holeSetups',
  /** Before schema 3: one entry per hole label (config and start), still read as that hole's first write. */
  holes: 'holes',
  /** Y.Array of runs (all holes), in their merged order; a hole's chain is its runs in this order. */
  runs: 'runs',
  timesheet: 'timesheet',
  survey: 'survey',
  maintenance: 'maintenance',
  hireTools: 'hireTools',
  /** Downtime and standby entries (a copy of their code, start, end, hole, notes). */
  downtime: 'downtime',
  /** Consumables used (a copy of their item, quantity, hole, notes). */
  consumables: 'consumables',
  /** Bits put in and pulled out of holes (bit/bit-changes-part.ts). */
  bitChanges: 'bitChanges',
  /** Core tray photos: references only, the bytes are attachments (photos/photos.ts). */
  photos: 'photos',
  /** Final notes and sign-off: signedBy, signedAt, certified, finalNotes, signature. */
  signOff: 'signOff',
} as const;

/** Keys of the meta root. */
export const META = {
  schemaVersion: 'schemaVersion',
  reportId: 'reportId',
  status: 'status',
  createdAt: 'createdAt',
  completedAt: 'completedAt',
  updatedAt: 'updatedAt',
  notes: 'notes',
  /** The one register naming the primary driller's assignment: one primary by construction. */
  primaryAssignmentId: 'primaryAssignmentId',
  /** The supervisor's (or client's) comment when the plod was returned to the crew. */
  returnComment: 'returnComment',
  /** Why a supervisor reopened the approved plod (kept until it is reopened again). */
  reopenReason: 'reopenReason',
  /** Who set the current status (a display name), and when: the plod's status line. */
  statusSetBy: 'statusSetBy',
  statusSetAt: 'statusSetAt',
  /** The status a plod had when it was deleted: a restore brings it back to that status. */
  statusBeforeDelete: 'statusBeforeDelete',
} as const;

/** Map roots (everything but the runs array), used to tell an empty document from an old one. */
export const REPORT_MAP_ROOTS = Object.values(REPORT_ROOTS).filter((r) => r !== REPORT_ROOTS.runs);

/** Current schema version of report documents. */
export const REPORT_SCHEMA_VERSION = 3;

export type ReportMapRoot = Exclude<keyof typeof REPORT_ROOTS, 'runs'>;

/** A map root of a report document. */
export function reportMap(doc: Y.Doc, root: ReportMapRoot): Y.Map<unknown> {
  return doc.getMap(REPORT_ROOTS[root]);
}

/** The runs array of a report document. */
export function reportRuns(doc: Y.Doc): Y.Array<Y.Map<unknown>> {
  return doc.getArray(REPORT_ROOTS.runs);
}
