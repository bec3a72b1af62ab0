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

/**
 * A collection of entries in a root of the setup document, changed through mutateSetup; `what`
 * names an entry in not-found messages.
 */
export function setupCollection<T extends { id: string }, I, P, In, PIn>(
  root: SetupRoot,
  what: string,
  spec: EntriesSpec<T, I, P, In, PIn>,
): EntryCollection<T, In, PIn> {
  return entryCollection<T, I, P, In, PIn>({
    ...spec,
    map: (doc: Y.Doc) => setupMap(doc, root),
    transact: mutateSetup,
    what,
  });
}

/**
 * A collection of entries in a root of the report document, changed through mutateReport (one
 * transaction, recorded in the history, like every report mutation); `what` as above.
 */
export function reportCollection<T extends { id: string }, I, P, In, PIn>(
  root: ReportMapRoot,
  what: string,
  spec: EntriesSpec<T, I, P, In, PIn>,
): EntryCollection<T, In, PIn> {
  return entryCollection<T, I, P, In, PIn>({
    ...spec,
    map: (doc: Y.Doc) => reportMap(doc, root),
    transact: mutateReport,
    what,
  });
}
