import type * as Y from 'yjs';
import { nowIso } from '../docs/entries.ts';
import { META, reportMap } from './keys.ts';

/** Run a named mutation as one transaction and stamp the report's updatedAt. */
export function mutateReport<T>(doc: Y.Doc, change: () => T): T {
  let result: T | undefined;
  doc.transact(() => {
    result = change();
    reportMap(doc, 'meta').set(META.updatedAt, nowIso());
  });
  return result as T;
}
