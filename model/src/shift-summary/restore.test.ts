import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { ReportIds } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import { createReport, readReportMeta, setStatus } from './report-meta-doc.ts';
import { restoreReport, restoredStatus } from './restore.ts';

function report(): Y.Doc {
  const doc = new Y.Doc();
  createReport(doc, { id: ReportIds.create() });
  return doc;
}

describe('restoring a deleted plod', () => {
  it('brings it back to the status it had when it was deleted', () => {
    for (const path of [['completed'], ['sent'], ['sent', 'returned']] as const) {
      const doc = report();
      for (const status of path) setStatus(doc, status);
      setStatus(doc, 'deleted');
      expect(restoredStatus(doc)).toBe(path.at(-1));
      expect(restoreReport(doc)).toBe(path.at(-1));
      expect(readReportMeta(doc).status).toBe(path.at(-1));
    }
  });

  it('brings back as active a plod deleted before its status was kept', () => {
    const doc = report();
    setStatus(doc, 'deleted');
    doc.getMap('meta').delete('statusBeforeDelete');
    expect(restoreReport(doc)).toBe('active');
  });

  it('refuses a plod that is not deleted', () => {
    const doc = report();
    expect(restoredStatus(doc)).toBe(null);
    let error: unknown = null;
    try {
      restoreReport(doc);
    } catch (caught) {
      error = caught;
    }
    expect(isModelError(error, 'invalid-status-transition')).toBe(true);
  });
});
