import type * as Y from 'yjs';
import { nowIso } from '../docs/entries.ts';
import { recordReportChanges } from '../history/record.ts';
import { META, reportMap } from './report-keys.ts';

/**
 * Run a named mutation as one transaction, stamp the report's updatedAt, and record what it changed
 * in the report's history (who: the document's actor; see history/actor.ts). Every report mutation
 * goes through here, so a new one is recorded without doing anything.
 */
export function mutateReport<T>(doc: Y.Doc, change: () => T): T {
  let result: T | undefined;
  doc.transact(() => {
    result = recordReportChanges(doc, () => {
      const value = change();
      reportMap(doc, 'meta').set(META.updatedAt, nowIso());
      return value;
    });
  });
  return result as T;
}
