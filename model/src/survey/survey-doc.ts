import { z } from 'zod';
import {
  DEFAULT_SURVEY_DIP,
  DEFAULT_SURVEY_HOLE_ID,
  DEFAULT_SURVEY_METHOD,
} from '../constants/constants.ts';
import type { HoleId, SurveyEntryId } from '../ids/ids.ts';
import { SurveyEntryIds } from '../ids/ids.ts';
import { entryCollection } from '../docs/collection.ts';
import { reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import type { SurveyEntry } from './survey.ts';
import { surveyEntryInputSchema, surveyEntryPatchSchema, surveyMethodSchema } from './survey.ts';
import { lenient } from '../docs/lenient.ts';

const storedSchema = z.object({
  holeId: lenient(z.string(), DEFAULT_SURVEY_HOLE_ID),
  depth: lenient(z.number(), 0),
  azimuth: lenient(z.number(), 0),
  dip: lenient(z.number(), DEFAULT_SURVEY_DIP),
  magneticTotal: lenient(z.number().nullable(), null),
  method: lenient(surveyMethodSchema, DEFAULT_SURVEY_METHOD),
  operator: lenient(z.string().nullable(), null),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

const survey = entryCollection({
  map: (doc) => reportMap(doc, 'survey'),
  transact: mutateReport,
  what: 'Survey entry',
  newId: () => SurveyEntryIds.create(),
  read: (id: SurveyEntryId, raw): SurveyEntry => {
    const stored = storedSchema.parse(raw);
    return { id, ...stored, holeId: stored.holeId as HoleId };
  },
  inputSchema: surveyEntryInputSchema,
  patchSchema: surveyEntryPatchSchema,
  toFields: (input) => input,
  patchFields: (patch) => patch,
});

/** Add a survey point. */
export const addSurveyEntry = survey.add;
/** Edit a survey point. */
export const updateSurveyEntry = survey.update;
/** Remove a survey point. */
export const removeSurveyEntry = survey.remove;
/** The survey points. */
export const readSurvey = survey.read;
