import { HOLES_DOC_NAME, SETUP_DOC_NAME } from '@plod/model';
import type { DocumentRegistry } from './registry';

/**
 * The reference documents: sites, rigs, crew members and the tool library (`setup`) and the hole
 * register (`holes`). Forms pick from them, so a phone must have them before it loses signal.
 */
export const REFERENCE_DOC_NAMES: readonly string[] = [SETUP_DOC_NAME, HOLES_DOC_NAME];

/**
 * Keeps the reference documents open while this device may read them (joined, or a supervisor signed
 * in): an open document syncs whenever the phone is online, so they are fetched right after a join or
 * sign-in and kept current from then on, whichever screen is showing. Returns the stop function.
 */
export function keepReferenceData(
  registry: DocumentRegistry,
  signedIn: () => boolean,
  subscribe: (listener: () => void) => () => void,
): () => void {
  let releases: (() => void)[] = [];
  const update = () => {
    const wanted = signedIn();
    if (wanted && releases.length === 0) {
      releases = REFERENCE_DOC_NAMES.map((name) => registry.retain(name));
    } else if (!wanted && releases.length > 0) {
      releases.forEach((release) => release());
      releases = [];
    }
  };
  update();
  const stop = subscribe(update);
  return () => {
    stop();
    releases.forEach((release) => release());
    releases = [];
  };
}
