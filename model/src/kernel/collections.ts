import type * as Y from 'yjs';
import type { EntryCollection, EntryFields, EntrySpec } from '../docs/collection.ts';
import { entryCollection } from '../docs/collection.ts';
import { mutateReport } from './mutate.ts';
import type { ReportMapRoot } from './report-keys.ts';
import { reportMap } from './report-keys.ts';
import type { SetupRoot } from './setup-keys.ts';
import { mutateSetup, setupMap } from './setup-keys.ts';

/** A spec of entries without where they live (the collection's root and how it is changed). */
export type EntriesSpec<T extends { id: string }, I, P, In, PIn> = EntrySpec<T, I, P, In, PIn> &
  EntryFields<I, P>;

/** Where a collection's entries live: the root map that holds them, and how it is changed. */
export interface CollectionPlace {
  map: (doc: Y.Doc) => Y.Map<unknown>;
  transact: (doc: Y.Doc, change: () => void) => void;
}

/** A root of the setup document, changed through mutateSetup. */
export const setupRoot = (root: SetupRoot): CollectionPlace => ({
  map: (doc) => setupMap(doc, root),
  transact: mutateSetup,
});

/**
 * A root of a report document, changed through mutateReport (one transaction, recorded in the
 * history, like every report mutation).
 */
export const reportRoot = (root: ReportMapRoot): CollectionPlace => ({
  map: (doc) => reportMap(doc, root),
  transact: mutateReport,
});

/** A collection of entries at a place; `what` names an entry in not-found messages. */
export function collectionIn<T extends { id: string }, I, P, In, PIn>(
  place: CollectionPlace,
  what: string,
  spec: EntriesSpec<T, I, P, In, PIn>,
): EntryCollection<T, In, PIn> {
  return entryCollection<T, I, P, In, PIn>({ ...spec, ...place, what });
}
