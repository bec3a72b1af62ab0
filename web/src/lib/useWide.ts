import { useMediaQuery } from '@mantine/hooks';

/** Tablets and desks (Mantine's `sm` and up): tables and side-by-side layouts; a phone gets cards. */
export const WIDE_QUERY = '(min-width: 48em)';

/**
 * Whether the screen is wide, read at the first render (not after it), so a desk never draws the
 * phone's layout first and a phone never draws the table: no flash, and no control that appears and
 * goes away under a finger or a pointer.
 */
export function useWide(): boolean {
  return useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
}
