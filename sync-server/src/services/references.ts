import { NotFoundError } from '../errors.ts';

const NAMES = { site: 'Site', rig: 'Rig', 'crew member': 'Crew member' } as const;

/**
 * 404 when a request body names a site, rig or crew member that does not exist (as the model does
 * for a new rig's site): a report or a rig pointing at nothing would show as "Unknown" everywhere
 * and export as UnknownSite.
 */
export function requireKnown(
  what: keyof typeof NAMES,
  id: string | null | undefined,
  known: readonly { id: string }[],
): void {
  if (id === null || id === undefined) return;
  if (!known.some((item) => item.id === id)) throw NotFoundError.of(NAMES[what], id);
}
