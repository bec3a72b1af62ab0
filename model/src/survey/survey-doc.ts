import { z } from 'zod';
import {
  DEFAULT_SURVEY_DIP,
  DEFAULT_SURVEY_HOLE_ID,
  DEFAULT_SURVEY_METHOD,
} from '../constants/constants.ts';
import type { HoleId, SurveyEntryId } from '../ids/ids.ts';
import { SurveyEntryIds } from '../ids/ids.ts';
import { collectionIn, reportRoot } from '../kernel/collections.ts';
import type { SurveyEntry } from './survey.ts';
import { surveyEntryInputSchema, surveyEntryPatchSchema, surveyMethodSchema } from './survey.ts';
import { lenient, lenientId } from '../docs/lenient.ts';

const storedSchema = z.object({
  holeId: lenientId<HoleId>(DEFAULT_SURVEY_HOLE_ID),
  depth: lenient(z.number(), 0),
  azimuth: lenient(z.number(), 0),
  dip: lenient(z.number(), DEFAULT_SURVEY_DIP),
  magneticTotal: lenient(z.number().nullable(), null),
  method: lenient(surveyMethodSchema, DEFAULT_SURVEY_METHOD),
  operator: lenient(z.string().nullable(), null),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const survey = collectionIn(reportRoot('survey'), 'Survey entry', {
  newId: () => SurveyEntryIds.create(),
  read: (id: SurveyEntryId, raw): SurveyEntry => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: surveyEntryInputSchema,
  patchSchema: surveyEntryPatchSchema,
});

/** Add a survey point. */
export const addSurveyEntry = survey.add;
/** Edit a survey point. */
export const updateSurveyEntry = survey.update;
/** Remove a survey point. */
export const removeSurveyEntry = survey.remove;
/** The survey points. */
export const readSurvey = survey.read;
