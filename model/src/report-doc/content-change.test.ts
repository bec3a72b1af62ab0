import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { setReportNotes, setStatus } from '../shift-summary/report-meta-doc.ts';
import { changesReportContent } from './content-change.ts';
import { newReportDoc } from './testing.ts';

/** Whether the transaction of `change`, replayed on a copy as another phone's update, counts. */
function counts(change: (doc: Y.Doc) => void): boolean {
  const source = newReportDoc();
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(source));
  const before = Y.encodeStateVector(source);
  change(source);
  let seen: boolean | null = null;
  copy.on('afterTransaction', (tr: Y.Transaction) => {
    seen = changesReportContent(copy, tr);
  });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(source, before), 'remote');
  return seen ?? false;
}

describe('changesReportContent', () => {
  it('counts entries and notes the crew entered', () => {
    expect(counts((doc) => addTimesheetEntry(doc, { startTime: '06:00', endTime: '08:00' }))).toBe(
      true,
    );
    expect(counts((doc) => setReportNotes(doc, 'Wet hole'))).toBe(true);
  });

  it('does not count a status change (completing, reopening) and its bookkeeping', () => {
    expect(counts((doc) => setStatus(doc, 'completed'))).toBe(false);
  });
});
