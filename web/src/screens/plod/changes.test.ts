import { surveyEntryInputSchema } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { changedFields, isEmptyPatch } from './changes';

describe('changedFields', () => {
  it('keeps only the fields whose parsed value changed', () => {
    const before = surveyEntryInputSchema.parse({ depth: 25.5, dip: -60, notes: 'first' });
    const after = surveyEntryInputSchema.parse({ depth: '25.5', dip: '-75', notes: 'first' });
    expect(changedFields(before, after, ['depth', 'dip', 'notes', 'method'])).toEqual({ dip: -75 });
  });
  it('reports a cleared field as null and an untouched form as no change', () => {
    const before = surveyEntryInputSchema.parse({ notes: 'retake' });
    const after = surveyEntryInputSchema.parse({ notes: '  ' });
    expect(changedFields(before, after, ['notes'])).toEqual({ notes: null });
    expect(isEmptyPatch(changedFields(before, before, ['notes', 'depth']))).toBe(true);
  });
});
