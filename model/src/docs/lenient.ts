import type { z } from 'zod';

/**
 * A stored field read leniently: its value when valid, `fallback` when it is missing or malformed
 * (documents merge whatever any device wrote, so a reader never throws on one bad field).
 *
 * A missing field, the common case in a new entry, takes the fallback through `.default` without a
 * failed parse. A failed parse builds an error with its messages (about 2.5 us, and garbage V8
 * allocates straight into the old generation), which the server would pay for every missing field of
 * every report it re-projects, and which then costs full garbage collections on the event loop.
 */
export function lenient<T extends z.ZodType>(
  schema: T,
  fallback: z.util.NoUndefined<z.output<T>>,
): z.ZodCatch<z.ZodDefault<T>> {
  return schema.default(fallback).catch(fallback);
}
