import { describe, expect, it } from 'vitest';
import { PHOTO_LONGEST_SIDE, fitWithin } from './resize.ts';

describe('fitWithin (the size a photo is resized to on the phone)', () => {
  it('scales a landscape camera photo so its width is 1600 px, keeping proportions', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
  });

  it('scales a portrait photo by its height', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('leaves a photo already within the limit as it is (never scales up)', () => {
    expect(fitWithin({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(fitWithin({ width: PHOTO_LONGEST_SIDE, height: 900 })).toEqual({
      width: 1600,
      height: 900,
    });
  });

  it('rounds to whole pixels and keeps a very thin photo at least 1 px wide', () => {
    expect(fitWithin({ width: 4000, height: 3001 })).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 100_000, height: 10 })).toEqual({ width: 1600, height: 1 });
  });

  it('takes another limit', () => {
    expect(fitWithin({ width: 2000, height: 1000 }, 320)).toEqual({ width: 320, height: 160 });
  });

  it('refuses a photo with no size', () => {
    expect(() => fitWithin({ width: 0, height: 100 })).toThrow(/no size/);
    expect(() => fitWithin({ width: Number.NaN, height: 100 })).toThrow(/no size/);
  });
});
