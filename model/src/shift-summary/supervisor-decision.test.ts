import { describe, expect, it } from 'vitest';
import { isModelError } from '../errors/errors.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import { setStatus } from './report-meta-doc.ts';
import { RETURN_COMMENT_REQUIRED, approveReport, returnReport } from './supervisor-decision.ts';

const submitted = () => {
  const doc = newReportDoc();
  setStatus(doc, 'sent', '2025-07-14T18:00:00.000Z', 'Sam Driller (Rig phone)');
  return doc;
};

describe('approving and returning a plod', () => {
  it('approves a submitted plod and records who and when', () => {
    const doc = submitted();
    approveReport(doc, 'boss', '2025-07-15T08:00:00.000Z');
    const report = readReport(doc);
    expect(report.status).toBe('approved');
    expect(report.statusSetBy).toBe('boss');
    expect(report.statusSetAt).toBe('2025-07-15T08:00:00.000Z');
  });

  it('returns a submitted plod with the comment, which every replica then reads', () => {
    const doc = submitted();
    const phones = replicasOf(doc, 1);
    returnReport(doc, '  Run 3 is missing its notes ', 'boss', '2025-07-15T08:00:00.000Z');
    syncAll([doc, ...phones]);
    const [report] = phones.map(readReport);
    expect(report).toMatchObject({
      status: 'returned',
      returnComment: 'Run 3 is missing its notes',
      statusSetBy: 'boss',
    });
  });

  it('refuses a return without a comment and changes nothing', () => {
    const doc = submitted();
    expect(() => returnReport(doc, '   ', 'boss')).toThrow(RETURN_COMMENT_REQUIRED);
    expect(readReport(doc).status).toBe('sent');
  });

  it('refuses to approve or return a plod that is not submitted (already approved, active, returned)', () => {
    const approved = submitted();
    approveReport(approved, 'boss');
    const active = newReportDoc();
    const returned = submitted();
    returnReport(returned, 'Fix the hours', 'boss');
    for (const doc of [approved, active, returned]) {
      const before = readReport(doc).status;
      let error: unknown = null;
      try {
        approveReport(doc, 'boss');
      } catch (caught) {
        error = caught;
      }
      expect(isModelError(error, 'invalid-status-transition')).toBe(true);
      expect(() => returnReport(doc, 'again', 'boss')).toThrow(/Only a submitted plod/);
      expect(readReport(doc).status).toBe(before);
    }
  });

  it('lets the crew resubmit a returned plod; the comment stays as the last word given', () => {
    const doc = submitted();
    returnReport(doc, 'Add the survey', 'client-a');
    setStatus(doc, 'sent', '2025-07-16T07:00:00.000Z', null);
    const report = readReport(doc);
    expect(report.status).toBe('sent');
    expect(report.statusSetBy).toBeNull();
    expect(report.statusSetAt).toBe('2025-07-16T07:00:00.000Z');
    expect(report.returnComment).toBe('Add the survey');
  });
});
