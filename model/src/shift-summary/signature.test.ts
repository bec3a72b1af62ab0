import { describe, expect, it } from 'vitest';
import { readSignOff, signOffReport } from './report-meta-doc.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import {
  SIGNATURE_MAX_LENGTH,
  encodeSignature,
  isSignaturePath,
  signatureStrokes,
  simplifyStroke,
} from './signature.ts';

/** The path, failing the test when there is none. */
function pathOf(value: string | null): string {
  if (value === null) throw new Error('no path');
  return value;
}

/** A wavy stroke of many close points, as a finger on a pad gives. */
const wave = (points: number, offsetY = 100) =>
  Array.from({ length: points }, (_, i) => ({
    x: (i * 590) / points + 5,
    y: offsetY + Math.sin(i / 7) * 40,
  }));

describe('signature', () => {
  it('keeps the shape of a stroke with fewer points', () => {
    const stroke = wave(400);
    const simple = simplifyStroke(stroke, 1.5);
    expect(simple.length).toBeLessThan(stroke.length / 4);
    expect(simple[0]).toEqual(stroke[0]);
    expect(simple.at(-1)).toEqual(stroke.at(-1));
  });

  it('encodes strokes as a small path of whole numbers that reads back as the same strokes', () => {
    const path = pathOf(encodeSignature([wave(300), [{ x: 300.4, y: 20.6 }]]));
    expect(isSignaturePath(path)).toBe(true);
    expect(path.length).toBeLessThan(2000);
    const strokes = signatureStrokes(path);
    expect(strokes).toHaveLength(2);
    // A tap becomes a dot: a line from the point to itself.
    expect(strokes[1]).toEqual([
      { x: 300, y: 21 },
      { x: 300, y: 21 },
    ]);
  });

  it('simplifies harder until a long signature fits the cap, and refuses a scribble that never fits', () => {
    const long = Array.from({ length: 12 }, (_, i) => wave(500, 20 + (i % 8) * 20));
    expect(
      long.map((s) => simplifyStroke(s, 0.75).length * 8).reduce((a, b) => a + b),
    ).toBeGreaterThan(SIGNATURE_MAX_LENGTH);
    const path = pathOf(encodeSignature(long));
    expect(path.length).toBeLessThanOrEqual(SIGNATURE_MAX_LENGTH);
    expect(encodeSignature(Array.from({ length: 200 }, () => wave(500)))).toBeNull();
  });

  it('gives nothing for an empty pad and refuses text that is not a path', () => {
    expect(encodeSignature([])).toBeNull();
    expect(isSignaturePath('M1 2')).toBe(false);
    expect(isSignaturePath('M1 2L3 4<script>')).toBe(false);
    expect(isSignaturePath(`M1 2${'L3 4'.repeat(2000)}`)).toBe(false);
  });

  it('is stored with the sign-off, and a malformed stored value reads as no signature', () => {
    const doc = newReportDoc();
    const path = pathOf(encodeSignature([wave(50)]));
    signOffReport(doc, { signedBy: 'Sam', certified: true, finalNotes: null, signature: path });
    expect(readSignOff(doc).signature).toBe(path);
    doc.getMap('signOff').set('signature', 'not a path');
    expect(readSignOff(doc).signature).toBeNull();
  });

  it('is required to sign off', () => {
    const doc = newReportDoc();
    expect(() =>
      signOffReport(doc, { signedBy: 'Sam', certified: true, finalNotes: null, signature: '' }),
    ).toThrow(/Sign in the box/);
  });
});
