import { z } from 'zod';
import {
  DEFAULT_SURVEY_AZIMUTH,
  DEFAULT_SURVEY_DIP,
  DEFAULT_SURVEY_HOLE_ID,
  DEFAULT_SURVEY_METHOD,
  SURVEY_ANGLE_STEP,
  SURVEY_AZIMUTH_MAX,
  SURVEY_AZIMUTH_MIN,
  SURVEY_DEPTH_STEP,
  SURVEY_DIP_MAX,
  SURVEY_DIP_MIN,
} from '../constants/constants.ts';
import type { HoleId, SurveyEntryId } from '../ids/ids.ts';
import { numericField, optionalNumericField, optionalText, roundTo } from '../format/numbers.ts';

export const SURVEY_METHODS = ['magnetic', 'gyroscopic', 'electronic', 'manual'] as const;
export const surveyMethodSchema = z.enum(SURVEY_METHODS);
export type SurveyMethod = z.infer<typeof surveyMethodSchema>;

export interface SurveyEntry {
  id: SurveyEntryId;
  holeId: HoleId;
  depth: number;
  azimuth: number;
  dip: number;
  /** Left blank when not read: null, shown and exported blank (never 0). */
  magneticTotal: number | null;
  method: SurveyMethod;
  operator: string | null;
  notes: string | null;
  createdAt: string | null;
}

/**
 * POST /api/survey-entries. No field is required (SPEC 5): azimuth 0-360 default 0 and dip -90..90
 * falling back to -60, both to one decimal (59.55 is refused, never rounded or cut); depth in 0.1 m
 * steps; magnetic total an integer, blank when not given.
 */
export const surveyEntryInputSchema = z.object({
  holeId: optionalText.transform((v) => (v ?? DEFAULT_SURVEY_HOLE_ID) as HoleId),
  depth: numericField({ default: 0, min: 0, step: SURVEY_DEPTH_STEP }),
  azimuth: numericField({
    default: DEFAULT_SURVEY_AZIMUTH,
    min: SURVEY_AZIMUTH_MIN,
    max: SURVEY_AZIMUTH_MAX,
    step: SURVEY_ANGLE_STEP,
  }),
  dip: numericField({
    default: DEFAULT_SURVEY_DIP,
    min: SURVEY_DIP_MIN,
    max: SURVEY_DIP_MAX,
    step: SURVEY_ANGLE_STEP,
  }),
  magneticTotal: optionalNumericField({ int: true }),
  method: surveyMethodSchema.default(DEFAULT_SURVEY_METHOD),
  operator: optionalText,
  notes: optionalText,
});
export type SurveyEntryInput = z.infer<typeof surveyEntryInputSchema>;

/**
 * Patch of a survey row: only the fields sent. Not `.partial()` of the input: zod still applies an
 * optional field's default, so a patch of the notes alone would have reset the method to magnetic.
 */
export const surveyEntryPatchSchema = z.object({
  holeId: surveyEntryInputSchema.shape.holeId.optional(),
  depth: surveyEntryInputSchema.shape.depth.optional(),
  azimuth: surveyEntryInputSchema.shape.azimuth.optional(),
  dip: surveyEntryInputSchema.shape.dip.optional(),
  magneticTotal: surveyEntryInputSchema.shape.magneticTotal.optional(),
  method: surveyMethodSchema.optional(),
  operator: optionalText.optional(),
  notes: optionalText.optional(),
});
export type SurveyEntryPatch = z.infer<typeof surveyEntryPatchSchema>;

/** Average depth of the points (one decimal), 0 when none. */
export function averageSurveyDepth(entries: readonly Pick<SurveyEntry, 'depth'>[]): number {
  if (entries.length === 0) return 0;
  return roundTo(entries.reduce((sum, e) => sum + e.depth, 0) / entries.length, 1);
}
