import type * as Y from 'yjs';
import { z } from 'zod';
import type { RigId, ReportId, SiteId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { nowIso, readRecord, setFields } from '../docs/entries.ts';
import { META, REPORT_SCHEMA_VERSION, reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import { isoDaySchema, shiftTypeSchema, timeOfDaySchema } from '../shift/time-schemas.ts';
import type {
  ReportStatus,
  ShiftDetailsDraft,
  ShiftSummaryUpdateDraft,
  SummaryOverridesDraft,
} from './shift-summary.ts';
import {
  isClosingStatus,
  reportStatusSchema,
  shiftDetailsPatchSchema,
  shiftSummaryUpdateSchema,
  summaryOverridesPatchSchema,
} from './shift-summary.ts';
import { lenient } from '../docs/lenient.ts';
import { currentActor } from '../history/actor.ts';
import { noteShownBefore } from '../history/record.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { statusChangeRefusal } from './lifecycle.ts';
import { SIGNATURE_REQUIRED, signaturePathSchema } from './signature.ts';

const text = lenient(z.string().nullable(), null);
const count = lenient(z.number().nonnegative().nullable(), null);

/** Shift details as stored (SPEC 3 shift summary fields a person enters). */
export const storedShiftDetailsSchema = z.object({
  date: lenient(isoDaySchema.nullable(), null),
  shiftType: lenient(shiftTypeSchema.nullable(), null),
  startTime: lenient(timeOfDaySchema.nullable(), null),
  endTime: lenient(timeOfDaySchema.nullable(), null),
  siteId: text.transform((v) => v as SiteId | null),
  rigId: text.transform((v) => v as RigId | null),
  siteName: text,
  rigName: text,
  level: text,
});
export type ShiftDetails = z.infer<typeof storedShiftDetailsSchema>;

/** Summary overrides as stored; null means "show the derived value". */
export const storedOverridesSchema = z.object({
  operator: text,
  totalDepthDrilled: count,
  hoursWorked: count,
  holesCompleted: count,
  /** Site and rig names as corrected in the CSV editor; they win over the setup document's names. */
  siteName: text,
  rigName: text,
});
export type SummaryOverrides = z.infer<typeof storedOverridesSchema>;

export const storedMetaSchema = z.object({
  schemaVersion: lenient(z.number().int(), 1),
  reportId: text.transform((v) => v as ReportId | null),
  status: lenient(reportStatusSchema, 'active'),
  createdAt: text,
  completedAt: text,
  updatedAt: text,
  notes: text,
  primaryAssignmentId: text,
  returnComment: text,
  reopenReason: text,
  statusSetBy: text,
  statusSetAt: text,
  statusBeforeDelete: lenient(reportStatusSchema.nullable(), null),
});
export type ReportMeta = z.infer<typeof storedMetaSchema>;

export const signOffSchema = z.object({
  signedBy: text,
  signedAt: text,
  certified: lenient(z.boolean(), false),
  finalNotes: text,
  /** The signer's finger signature (see signature.ts), or null. */
  signature: lenient(signaturePathSchema.nullable(), null),
});
export type SignOff = z.infer<typeof signOffSchema>;

export const signOffInputSchema = z.object({
  signedBy: z.string().trim().min(1, 'Name is required'),
  certified: z.boolean(),
  finalNotes: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
  signature: z
    .string({ error: SIGNATURE_REQUIRED })
    .min(1, SIGNATURE_REQUIRED)
    .pipe(signaturePathSchema),
});
export type SignOffInput = z.infer<typeof signOffInputSchema>;

export interface CreateReportInit {
  id: ReportId;
  shift?: ShiftDetailsDraft;
  overrides?: SummaryOverridesDraft;
  notes?: string | null;
}

/** Initialise a new report document (status active, current schema version). Call once, on the creating device. */
export function createReport(doc: Y.Doc, init: CreateReportInit): void {
  mutateReport(doc, () => {
    const now = nowIso();
    setFields(reportMap(doc, 'meta'), {
      [META.schemaVersion]: REPORT_SCHEMA_VERSION,
      [META.reportId]: init.id,
      [META.status]: 'active',
      [META.createdAt]: now,
      [META.notes]: init.notes ?? null,
    });
    if (init.shift) setFields(reportMap(doc, 'shift'), shiftDetailsPatchSchema.parse(init.shift));
    if (init.overrides)
      setFields(reportMap(doc, 'overrides'), summaryOverridesPatchSchema.parse(init.overrides));
  });
}

/** The report's meta fields. */
export function readReportMeta(doc: Y.Doc): ReportMeta {
  return storedMetaSchema.parse(readRecord(reportMap(doc, 'meta')));
}

/** The shift details. */
export function readShiftDetails(doc: Y.Doc): ShiftDetails {
  return storedShiftDetailsSchema.parse(readRecord(reportMap(doc, 'shift')));
}

/** The stored summary overrides. */
export function readSummaryOverrides(doc: Y.Doc): SummaryOverrides {
  return storedOverridesSchema.parse(readRecord(reportMap(doc, 'overrides')));
}

/** The sign-off. */
export function readSignOff(doc: Y.Doc): SignOff {
  return signOffSchema.parse(readRecord(reportMap(doc, 'signOff')));
}

/** True once the shift is set up (site and rig chosen), which crew assignment needs. */
export function isShiftSetUp(shift: Pick<ShiftDetails, 'siteId' | 'rigId'>): boolean {
  return shift.siteId !== null && shift.rigId !== null;
}

/** Merge a patch into the shift details (Shift Details screen; each field its own register). */
export function updateShiftDetails(doc: Y.Doc, patch: ShiftDetailsDraft): void {
  const parsed = shiftDetailsPatchSchema.parse(patch);
  mutateReport(doc, () => setFields(reportMap(doc, 'shift'), parsed));
}

/** Store or clear (null) summary overrides (Edit Shift Report screen). */
export function setSummaryOverrides(doc: Y.Doc, patch: SummaryOverridesDraft): void {
  const parsed = summaryOverridesPatchSchema.parse(patch);
  mutateReport(doc, () => {
    noteDerivedValues(doc, parsed);
    setFields(reportMap(doc, 'overrides'), parsed);
  });
}

const DERIVED_OVERRIDES = [
  'operator',
  'totalDepthDrilled',
  'hoursWorked',
  'holesCompleted',
] as const;

/**
 * A first override replaces the derived value people saw: the history records it as the old value
 * (see noteShownBefore). Worked out only when an override goes from empty to a value.
 */
function noteDerivedValues(doc: Y.Doc, patch: Record<string, unknown>): void {
  const stored = readSummaryOverrides(doc);
  const fields = DERIVED_OVERRIDES.filter(
    (field) => patch[field] !== undefined && patch[field] !== null && stored[field] === null,
  );
  if (fields.length === 0) return;
  const { summary } = readReport(doc);
  for (const field of fields) noteShownBefore(doc, 'overrides', field, summary[field]);
}

/** Set the report's notes (Additional Notes / Shift Notes). */
export function setReportNotes(doc: Y.Doc, notes: string | null): void {
  const value = notes?.trim() ? notes : null;
  // Writing the same text again would still be a write, able to undo a crewmate's change on merge.
  if ((readReportMeta(doc).notes ?? null) === value) return;
  mutateReport(doc, () => reportMap(doc, 'meta').set(META.notes, value));
}

/** The lifecycle's refusal of this status change by whoever changes the document now, or null. */
function transitionError(doc: Y.Doc, from: ReportStatus, to: ReportStatus): ModelError | null {
  const refusal = statusChangeRefusal(from, to, currentActor(doc)?.kind ?? null);
  return refusal === null ? null : new ModelError('invalid-status-transition', refusal);
}

/**
 * Move the report to a status the lifecycle allows its author (`statusChangeRefusal`: the
 * document's current actor, see history/actor.ts); closing stamps completedAt once. A
 * change of status records who made it (`by`, a display name; null when unknown) and when, for the
 * plod's status line; staying put records nothing. Deleting keeps the status it had, for a restore.
 */
export function setStatus(
  doc: Y.Doc,
  status: ReportStatus,
  at: string = nowIso(),
  by: string | null = null,
): void {
  const next = reportStatusSchema.parse(status);
  const current = readReportMeta(doc);
  const refused = transitionError(doc, current.status, next);
  if (refused) throw refused;
  mutateReport(doc, () => {
    const meta = reportMap(doc, 'meta');
    if (current.status !== next) {
      meta.set(META.status, next);
      meta.set(META.statusSetBy, by?.trim() ? by.trim() : null);
      meta.set(META.statusSetAt, at);
      if (next === 'deleted') meta.set(META.statusBeforeDelete, current.status);
    }
    if (isClosingStatus(next) && current.completedAt === null) meta.set(META.completedAt, at);
  });
}

/** Record the final notes and sign-off. */
export function signOffReport(doc: Y.Doc, input: SignOffInput, at: string = nowIso()): void {
  const parsed = signOffInputSchema.parse(input);
  mutateReport(doc, () => setFields(reportMap(doc, 'signOff'), { ...parsed, signedAt: at }));
}

/**
 * Apply a PUT/PATCH /api/shift-summaries body (details, overrides, notes, status) as one transaction.
 * The status change is checked first, so a refused body changes nothing.
 */
export function applyShiftSummaryUpdate(doc: Y.Doc, body: ShiftSummaryUpdateDraft): void {
  const parsed = shiftSummaryUpdateSchema.parse(body);
  const { status, notes, completedAt, avgRate: _derived, ...rest } = parsed;
  const { operator, totalDepthDrilled, hoursWorked, holesCompleted, ...details } = rest;
  const current = readReportMeta(doc).status;
  const refused = status ? transitionError(doc, current, status) : null;
  if (refused) throw refused;
  mutateReport(doc, () => {
    updateShiftDetails(doc, details);
    setSummaryOverrides(doc, { operator, totalDepthDrilled, hoursWorked, holesCompleted });
    if (notes !== undefined) setReportNotes(doc, notes);
    if (status) setStatus(doc, status, completedAt ?? undefined);
  });
}
