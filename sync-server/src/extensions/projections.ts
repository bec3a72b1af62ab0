import type { Projector } from '../projections/projector.ts';
import type { RelayHooks } from '../relay/hooks.ts';

/** Every durable change of a report (or the setup) reaches the projections (`onStored`). */
export function projectionsExtension(projector: Projector): RelayHooks {
  return { name: 'projections', onStored: (docName, seq) => projector.stored(docName, seq) };
}
