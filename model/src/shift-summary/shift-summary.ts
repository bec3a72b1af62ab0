import { z } from 'zod';
import { SAVED_REPORTS_PREVIEW_LIMIT } from '../constants/constants.ts';
import { numericField, optionalText } from '../format/numbers.ts';
import { rigIdSchema, siteIdSchema } from '../ids/schemas.ts';
import { isoDaySchema, shiftTypeSchema, timeOfDaySchema } from '../shift/time-schemas.ts';
import { REPORT_STATUSES, type ReportStatus } from '../kernel/status.ts';

export type { ReportStatus } from '../kernel/status.ts';
export { REPORT_STATUSES, isSubmittedStatus, reportTab } from '../kernel/status.ts';

export const reportStatusSchema = z.enum(REPORT_STATUSES);

/**
 * Allowed status changes (see status.ts for the lifecycle). Who may make which change (crew,
 * supervisor, client) is the server's access rule, not the model's. A deleted plod is restored to the
 * status it had. An approved plod is locked.
 */
export const STATUS_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  active: ['completed', 'sent', 'deleted'],
  completed: ['active', 'sent', 'deleted'],
  returned: ['active', 'completed', 'sent', 'deleted'],
  sent: ['approved', 'returned', 'deleted'],
  approved: [],
  deleted: ['active', 'completed', 'sent', 'returned'],
};

/** True when a report may move from one status to another (staying put is always allowed). */
export function canTransition(from: ReportStatus, to: ReportStatus): boolean {
  return from === to || STATUS_TRANSITIONS[from].includes(to);
}

/** Statuses that close the shift and stamp completedAt. */
export function isClosingStatus(status: ReportStatus): boolean {
  return status === 'completed' || status === 'sent' || status === 'approved';
}

/** Shift details a person edits on the Shift Details screen. */
export const shiftDetailsPatchSchema = z.object({
  date: isoDaySchema.nullable().optional(),
  shiftType: shiftTypeSchema.nullable().optional(),
  startTime: timeOfDaySchema.nullable().optional(),
  endTime: timeOfDaySchema.nullable().optional(),
  siteId: siteIdSchema.nullable().optional(),
  rigId: rigIdSchema.nullable().optional(),
  /** Names as chosen, kept so a report reads well even when the setup document is not at hand. */
  siteName: optionalText.optional(),
  rigName: optionalText.optional(),
  level: optionalText.optional(),
});
export type ShiftDetailsPatch = z.infer<typeof shiftDetailsPatchSchema>;
export type ShiftDetailsDraft = z.input<typeof shiftDetailsPatchSchema>;

// null or a blank field clears the override, so the derived value shows again.
const overrideNumber = (int: boolean) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.union([z.null(), numericField({ default: 0, min: 0, int })]),
    )
    .optional();

/** Summary fields a person may override on the Edit Shift Report screen; null clears an override. */
export const summaryOverridesPatchSchema = z.object({
  operator: z
    .string()
    .nullish()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim())),
  totalDepthDrilled: overrideNumber(false),
  hoursWorked: overrideNumber(false),
  holesCompleted: overrideNumber(true),
});
export type SummaryOverridesPatch = z.infer<typeof summaryOverridesPatchSchema>;
export type SummaryOverridesDraft = z.input<typeof summaryOverridesPatchSchema>;

/** POST /api/shift-summaries: shift details plus optional overrides; avgRate is derived and ignored. */
export const shiftSummaryCreateSchema = shiftDetailsPatchSchema.extend({
  ...summaryOverridesPatchSchema.shape,
  notes: optionalText,
  status: reportStatusSchema.default('active'),
  avgRate: z.unknown().optional(),
});
export type ShiftSummaryCreate = z.infer<typeof shiftSummaryCreateSchema>;

/** PUT/PATCH /api/shift-summaries/{id}, and the complete-shift POST (status completed, completedAt). */
export const shiftSummaryUpdateSchema = shiftDetailsPatchSchema.extend({
  ...summaryOverridesPatchSchema.shape,
  notes: optionalText.optional(),
  status: reportStatusSchema.optional(),
  completedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  avgRate: z.unknown().optional(),
});
export type ShiftSummaryUpdate = z.infer<typeof shiftSummaryUpdateSchema>;
export type ShiftSummaryUpdateDraft = z.input<typeof shiftSummaryUpdateSchema>;

export interface SavedReportsPreview<T> {
  visible: T[];
  /** True when more exist than shown (the View All link to /plods). */
  showViewAll: boolean;
}

/** The dashboard's latest saved reports: at most 5, with View All when more. */
export function savedReportsPreview<T extends { updatedAt: string | null }>(
  reports: readonly T[],
  limit: number = SAVED_REPORTS_PREVIEW_LIMIT,
): SavedReportsPreview<T> {
  const sorted = [...reports].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
  return { visible: sorted.slice(0, limit), showViewAll: reports.length > limit };
}
