import { z } from 'zod';

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

/**
 * A stored id read leniently as its kind: the text as written (an id is checked when it is written,
 * not when it is read), `fallback` when it is missing or not text.
 */
export function lenientId<T extends string>(fallback: string): z.ZodType<T>;
export function lenientId<T extends string>(fallback: null): z.ZodType<T | null>;
export function lenientId<T extends string>(fallback: string | null): z.ZodType<T | null> {
  return fallback === null
    ? lenient(z.string().nullable(), null).transform((text) => text as T | null)
    : lenient(z.string(), fallback).transform((text) => text as T);
}
