import { describe, expect, it } from 'vitest';
import { ReportIds } from '../ids/ids.ts';
import { HOLES_DOC_NAME, SETUP_DOC_NAME, classifyDocName, reportDocName } from './doc-names.ts';

describe('document names', () => {
  it("names a report's document 'report:' + id and classifies it back", () => {
    const id = ReportIds.create();
    expect(reportDocName(id)).toBe(`report:${id}`);
    expect(classifyDocName(reportDocName(id))).toEqual({ kind: 'report', reportId: id });
  });
  it('classifies the setup document and the hole register', () => {
    expect(classifyDocName(SETUP_DOC_NAME)).toEqual({ kind: 'setup' });
    expect(classifyDocName(HOLES_DOC_NAME)).toEqual({ kind: 'holes' });
  });
  it('treats anything else as unknown, including non-canonical report ids', () => {
    expect(classifyDocName('report:42')).toEqual({ kind: 'unknown' });
    expect(classifyDocName(`report:${ReportIds.create().toUpperCase()}`)).toEqual({
      kind: 'unknown',
    });
    expect(classifyDocName('Setup')).toEqual({ kind: 'unknown' });
    expect(classifyDocName('')).toEqual({ kind: 'unknown' });
  });
});
