// Zod-free on purpose: the web app's first screen formats figures with these and must not pull
// zod into its bundle. numbers.ts re-exports them next to the field schemas.

/** A finite number from a number or numeric string, else the fallback (SPEC: non-numeric becomes a default). */
export function toNumberOr(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

/** Round to a number of decimals, removing binary noise such as 0.30000000000000004. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round((value + Number.EPSILON) * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** True when value is a whole number of steps above base (tolerating float noise). */
export function isOnStep(value: number, step: number, base = 0): boolean {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
