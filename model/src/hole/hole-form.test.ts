import { describe, expect, it } from 'vitest';
import { checkHoleForm, type HoleFormValues } from './hole-form.ts';

const blank: HoleFormValues = {
  holeId: 'DH-2026-004',
  dip: '',
  azimuth: '',
  targetDepth: '',
  constantStickUp: '',
  hasOriExtension: false,
};

describe('Setup New Diamond Drilling Hole form', () => {
  it('takes the defaults for blank numbers (dip -60, azimuth 0, target 100, stick-up 0.5)', () => {
    expect(checkHoleForm(blank).config).toMatchObject({
      holeId: 'DH-2026-004',
      dip: -60,
      azimuth: 0,
      targetDepth: 100,
      constantStickUp: 0.5,
    });
  });
  it('says beside each field what is wrong instead of guessing a number', () => {
    const { config, errors } = checkHoleForm({
      ...blank,
      holeId: '  ',
      dip: '-95',
      azimuth: 'north',
      targetDepth: '0',
      constantStickUp: 'abc',
    });
    expect(config).toBeNull();
    expect(errors).toEqual({
      holeId: 'Enter a hole ID',
      dip: 'Dip must be from -90 to 90°',
      azimuth: 'Azimuth must be a number of degrees, such as 45',
      targetDepth: 'Target depth must be more than 0 m',
      constantStickUp: 'Constant stick-up must be a number of metres, such as 0.5',
    });
  });
  it('reads a negative dip and trims the hole id', () => {
    expect(checkHoleForm({ ...blank, holeId: ' DH-9 ', dip: '-72.5' }).config).toMatchObject({
      holeId: 'DH-9',
      dip: -72.5,
    });
  });
});
