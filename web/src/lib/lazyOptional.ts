import { lazy, type ComponentType } from 'react';

/** Renders nothing: what an optional part shows when its code could not be fetched. */
function Nothing(): null {
  return null;
}

/**
 * A lazily loaded part a screen can do without (a prompt, a card, a background keeper). When its
 * code cannot be fetched (no signal, and no copy of it on the phone yet) it shows nothing instead
 * of failing the whole screen; it loads with the app's next start.
 */
export function lazyOptional<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(() => load().catch(() => ({ default: Nothing as ComponentType<P> })));
}
