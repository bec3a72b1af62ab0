import { HOLES_DOC_NAME, SETUP_DOC_NAME } from '@plod/model';
import type { DocumentRegistry } from './registry';

/**
 * The reference documents: sites, rigs, crew members and the tool library (`setup`) and the hole
 * register (`holes`). Forms pick from them, so a phone must have them before it loses signal.
 */
export const REFERENCE_DOC_NAMES: readonly string[] = [SETUP_DOC_NAME, HOLES_DOC_NAME];

/**
 * Runs its argument when the app has time for it; the result cancels it. The hole register is read
 * whole as it opens (and grows with every plod's progress marks), so the app keeps it open only once
 * its first screen has shown (app/first-screen.ts); a screen that reads it opens it at once.
 */
export type WhenFree = (open: () => void) => () => void;

const atOnce: WhenFree = (open) => {
  open();
  return () => {};
};

/**
 * Keeps the reference documents open while this device may read them (joined, or a supervisor signed
 * in): an open document syncs whenever the phone is online, so they are fetched right after a join or
 * sign-in and kept current from then on, whichever screen is showing. The setup document is kept from
 * the start, the hole register from when `holesWhenFree` runs it. Returns the stop function.
 */
export function keepReferenceData(
  registry: DocumentRegistry,
  signedIn: () => boolean,
  subscribe: (listener: () => void) => () => void,
  holesWhenFree: WhenFree = atOnce,
): () => void {
  let releases: (() => void)[] | null = null;
  let cancelHoles = () => {};
  const letGo = () => {
    cancelHoles();
    cancelHoles = () => {};
    releases?.forEach((release) => release());
    releases = null;
  };
  const update = () => {
    const wanted = signedIn();
    if (wanted && releases === null) {
      const held = [registry.retain(SETUP_DOC_NAME)];
      releases = held;
      cancelHoles = holesWhenFree(() => held.push(registry.retain(HOLES_DOC_NAME)));
    } else if (!wanted && releases !== null) {
      letGo();
    }
  };
  update();
  const stop = subscribe(update);
  return () => {
    stop();
    letGo();
  };
}
