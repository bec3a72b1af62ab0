/**
 * The fields of an edit that differ from what the form started with, both read through the same
 * schema (so "25.5" and 25.5 are one value): a save writes only what the person changed, and a
 * crewmate's change to another field of the same entry survives.
 */
export function changedFields<T extends object, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const patch: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (!Object.is(before[key], after[key])) patch[key] = after[key];
  }
  return patch;
}

/** True when a patch holds no change (nothing to write). */
export function isEmptyPatch(patch: object): boolean {
  return Object.keys(patch).length === 0;
}
