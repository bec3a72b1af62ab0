import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { PALETTES } from './palettes';
import { theme } from './theme';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** A palette's shade, which every palette has (ten of them). */
function at(shades: readonly string[], index: number): string {
  const shade = shades[index];
  if (!shade) throw new Error(`no shade ${index}`);
  return shade;
}

const AA = 4.5;
const gray = DEFAULT_THEME.colors.gray;
const grounds = (shades: readonly string[]) => [
  '#ffffff',
  gray[0],
  gray[1],
  at(shades, 0),
  at(shades, 1),
];

describe('colour palettes', () => {
  for (const [name, shades] of Object.entries(PALETTES)) {
    const bright = name === 'yellow' || name === 'lime';
    it(`${name}: shade 9 text reads at AA on white, the page and its own light shades`, () => {
      for (const ground of grounds(shades))
        expect(contrast(at(shades, 9), ground)).toBeGreaterThanOrEqual(AA);
    });
    it(`${name}: shade 8 (filled, outline) reads at AA`, () => {
      if (bright) {
        // Filled yellow and lime carry black text.
        expect(contrast(at(shades, 8), '#000000')).toBeGreaterThanOrEqual(AA);
      } else {
        for (const ground of grounds(shades))
          expect(contrast(at(shades, 8), ground)).toBeGreaterThanOrEqual(AA);
      }
    });
  }

  it('the brand orange under white text was 3.58:1 and is now AA', () => {
    expect(contrast('#ffffff', DEFAULT_THEME.colors.orange[8])).toBeLessThan(AA);
    expect(contrast('#ffffff', at(PALETTES.orange ?? [], 8))).toBeGreaterThanOrEqual(AA);
  });

  it('dimmed text (gray 7) reads at AA on the page and on white', () => {
    expect(contrast(gray[7], gray[0])).toBeGreaterThanOrEqual(AA);
    expect(contrast(gray[7], '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  it('the theme uses these palettes and picks black or white text on filled colours', () => {
    expect(theme.colors?.orange).toBe(PALETTES.orange);
    expect(theme.autoContrast).toBe(true);
  });
});
