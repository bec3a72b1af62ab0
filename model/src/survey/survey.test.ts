import { describe, expect, it } from 'vitest';
import { averageSurveyDepth, surveyEntryInputSchema, surveyEntryPatchSchema } from './survey.ts';

describe('survey input', () => {
  it('needs no field and fills hole DH001, azimuth 0, dip -60, magnetic method; magnetic total blank', () => {
    expect(surveyEntryInputSchema.parse({})).toEqual({
      holeId: 'DH001',
      depth: 0,
      azimuth: 0,
      dip: -60,
      magneticTotal: null,
      method: 'magnetic',
      operator: null,
      notes: null,
    });
  });
  it('turns non-numeric values into 0, a non-numeric dip into -60, a non-numeric magnetic total blank', () => {
    expect(
      surveyEntryInputSchema.parse({ depth: 'x', azimuth: 'abc', magneticTotal: '?', dip: 'n' }),
    ).toMatchObject({
      depth: 0,
      azimuth: 0,
      magneticTotal: null,
      dip: -60,
    });
    expect(surveyEntryInputSchema.parse({ magneticTotal: '' }).magneticTotal).toBeNull();
  });
  it('keeps azimuth and dip to one decimal and the magnetic total as an integer', () => {
    expect(
      surveyEntryInputSchema.parse({ azimuth: '45.7', dip: -59.5, magneticTotal: '51234.8' }),
    ).toMatchObject({
      azimuth: 45.7,
      dip: -59.5,
      magneticTotal: 51234,
    });
  });
  it('refuses a dip or azimuth with a second decimal rather than cutting it', () => {
    const dip = surveyEntryInputSchema.safeParse({ dip: -59.55 });
    expect(dip.success).toBe(false);
    expect(dip.error?.issues[0]?.message).toBe('Must be in steps of 0.1');
    expect(surveyEntryInputSchema.safeParse({ azimuth: 275.25 }).success).toBe(false);
  });
  it('rejects azimuth outside 0-360, dip outside -90..90 and depth off the 0.1 step', () => {
    expect(surveyEntryInputSchema.safeParse({ azimuth: 361 }).success).toBe(false);
    expect(surveyEntryInputSchema.safeParse({ dip: -91 }).success).toBe(false);
    expect(surveyEntryInputSchema.safeParse({ depth: 12.34 }).success).toBe(false);
    expect(surveyEntryInputSchema.parse({ depth: '12.3' }).depth).toBe(12.3);
  });
  it('rejects values of the wrong type', () => {
    expect(surveyEntryInputSchema.safeParse({ depth: true }).success).toBe(false);
  });
  it('averages depths to one decimal', () => {
    expect(averageSurveyDepth([{ depth: 10 }, { depth: 10.15 }])).toBe(10.1);
    expect(averageSurveyDepth([])).toBe(0);
  });
  it('patches only the fields sent: no default fills a field the patch leaves out', () => {
    expect(surveyEntryPatchSchema.parse({ notes: 'retake' })).toEqual({ notes: 'retake' });
    expect(surveyEntryPatchSchema.parse({ dip: '-75' })).toEqual({ dip: -75 });
    expect(surveyEntryPatchSchema.safeParse({ dip: -91 }).success).toBe(false);
  });
});
