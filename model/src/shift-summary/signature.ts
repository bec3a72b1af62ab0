import { z } from 'zod';

/**
 * A driller's finger signature, stored with the plod's sign-off as one small SVG path in a fixed
 * 600 x 200 box: whole-number coordinates, one `M` per stroke and `L` to each point after it. A
 * vector path stays sharp in the view and the PDF at any size and weighs a few kilobytes, where a
 * PNG of the same pad weighs tens. One register holds it, so two phones signing while apart end with
 * one whole signature, never strokes of both.
 */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;

/** The most a stored signature may weigh (characters of its path). */
export const SIGNATURE_MAX_LENGTH = 6000;

export const SIGNATURE_REQUIRED = 'Sign in the box to submit';
export const SIGNATURE_TOO_LARGE = 'The signature is too detailed to keep: clear it and sign again';

const STROKE = /M\d{1,3} \d{1,3}(?:L\d{1,3} \d{1,3})+/y;

/** True when the text is a path this module writes (checked on input and when read back). */
export function isSignaturePath(path: string): boolean {
  if (path.length === 0 || path.length > SIGNATURE_MAX_LENGTH) return false;
  STROKE.lastIndex = 0;
  while (STROKE.lastIndex < path.length) {
    const start = STROKE.lastIndex;
    if (!STROKE.test(path) || STROKE.lastIndex === start) return false;
  }
  return true;
}

/** A stored signature path (see SIGNATURE_BOX). */
export const signaturePathSchema = z
  .string()
  .max(SIGNATURE_MAX_LENGTH, SIGNATURE_TOO_LARGE)
  .refine(isSignaturePath, 'Not a signature');

export interface SignaturePoint {
  x: number;
  y: number;
}

/** Distance from p to the segment a-b. */
function segmentDistance(p: SignaturePoint, a: SignaturePoint, b: SignaturePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Ramer-Douglas-Peucker: the stroke's points that keep its shape within `tolerance` box units. */
export function simplifyStroke(
  points: readonly SignaturePoint[],
  tolerance: number,
): SignaturePoint[] {
  if (points.length <= 2) return [...points];
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = true;
  keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = first + 1; i < last; i += 1) {
      const distance = segmentDistance(
        points[i] as SignaturePoint,
        points[first] as SignaturePoint,
        points[last] as SignaturePoint,
      );
      if (distance > worstDistance) {
        worst = i;
        worstDistance = distance;
      }
    }
    if (worst >= 0) {
      keep[worst] = true;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const clampRound = (value: number, max: number) =>
  Math.max(0, Math.min(max, Math.round(Number.isFinite(value) ? value : 0)));

function encodeStroke(points: readonly SignaturePoint[]): string {
  const cells: string[] = [];
  let last = '';
  for (const point of points) {
    const cell = `${clampRound(point.x, SIGNATURE_BOX.width - 1)} ${clampRound(point.y, SIGNATURE_BOX.height - 1)}`;
    if (cell !== last) cells.push(cell);
    last = cell;
  }
  if (cells.length === 0) return '';
  // A tap is one point: a line to itself draws it as a dot (round caps).
  if (cells.length === 1) cells.push(cells[0] as string);
  return `M${cells[0]}${cells
    .slice(1)
    .map((c) => `L${c}`)
    .join('')}`;
}

const TOLERANCES = [0.75, 1.5, 2.5, 4, 6, 9];

/**
 * The stored path of strokes drawn in SIGNATURE_BOX coordinates: each stroke simplified, the
 * tolerance raised until the path fits SIGNATURE_MAX_LENGTH. Null when nothing was drawn or no
 * tolerance makes it fit.
 */
export function encodeSignature(strokes: readonly (readonly SignaturePoint[])[]): string | null {
  for (const tolerance of TOLERANCES) {
    const path = strokes.map((stroke) => encodeStroke(simplifyStroke(stroke, tolerance))).join('');
    if (path === '') return null;
    if (path.length <= SIGNATURE_MAX_LENGTH) return path;
  }
  return null;
}

/** The strokes of a stored path, in SIGNATURE_BOX coordinates (for drawing without SVG). */
export function signatureStrokes(path: string): SignaturePoint[][] {
  if (!isSignaturePath(path)) return [];
  return path
    .split('M')
    .filter((stroke) => stroke !== '')
    .map((stroke) =>
      stroke.split('L').map((cell) => {
        const [x = '0', y = '0'] = cell.split(' ');
        return { x: Number(x), y: Number(y) };
      }),
    );
}
