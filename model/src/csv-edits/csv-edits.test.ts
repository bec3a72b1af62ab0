import { describe, expect, it } from 'vitest';
import { toBundle } from '../report-doc/to-bundle.ts';
import { bundleToCsv, csvFilename } from '../csv/index.ts';
import { newReportDoc, TEST_RIG_ID, TEST_SITE_ID } from '../report-doc/testing.ts';
import { addHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { setStatus, setSummaryOverrides } from '../shift-summary/report-meta-doc.ts';
import { canSubmitReport, isReportReadOnly } from '../shift-summary/read-only.ts';
import { applyCsvEdits, csvEditsOf, csvEditsSchema, saveCsvEdits } from './csv-edits.ts';

const reference = {
  sites: [{ id: TEST_SITE_ID, siteName: 'North Pit' }],
  rigs: [{ id: TEST_RIG_ID, rigName: 'Rig 7' }],
};

function filledReport() {
  const doc = newReportDoc();
  addTimesheetEntry(doc, { holeId: 'DH001', startTime: '06:00', endTime: '14:00' });
  addHireToolUsage(doc, { toolName: 'Core tray', quantity: 2, hours: 3, ratePerHour: 12.5 });
  return doc;
}

describe('CSV editor edits', () => {
  it('starts from what the export shows', () => {
    const edits = csvEditsOf(toBundle(filledReport(), reference));
    expect(edits).toEqual({
      operator: '',
      site: 'North Pit',
      rig: 'Rig 7',
      totalDepthDrilled: '0',
      notes: '',
    });
  });

  it('previews exactly the CSV the server exports once the edits are saved', () => {
    const doc = filledReport();
    const before = toBundle(doc, reference);
    const edits = {
      operator: 'Sam Driller',
      site: 'South, "Pit" 2',
      rig: 'Rig 9',
      totalDepthDrilled: '42.5',
      notes: 'Good shift\nno incidents',
    };
    const preview = applyCsvEdits(before, edits);
    saveCsvEdits(doc, before, edits);
    const server = toBundle(doc, reference);
    expect(bundleToCsv(preview)).toBe(bundleToCsv(server));
    expect(csvFilename(preview.shiftSummary)).toBe(csvFilename(server.shiftSummary));
    expect(server.shiftSummary).toMatchObject({
      operator: 'Sam Driller',
      site: 'South, "Pit" 2',
      rig: 'Rig 9',
      totalDepthDrilled: 42.5,
      avgRate: 5.31,
    });
  });

  it('leaves unchanged fields following their derived values', () => {
    const doc = filledReport();
    const before = toBundle(doc, reference);
    saveCsvEdits(doc, before, csvEditsOf(before));
    const renamed = { ...reference, sites: [{ id: TEST_SITE_ID, siteName: 'Renamed Pit' }] };
    expect(toBundle(doc, renamed).shiftSummary.site).toBe('Renamed Pit');
    expect(toBundle(doc, reference)).toEqual(before);
  });

  it('writes only the fields the person changed, even from a copy older than the plod', () => {
    const doc = filledReport();
    const seen = toBundle(doc, reference);
    // Another phone names the operator after this screen read the plod.
    setSummaryOverrides(doc, { operator: 'Alex Driller' });
    saveCsvEdits(doc, seen, { notes: 'Checked' });
    const after = toBundle(doc, reference).shiftSummary;
    expect(after.operator).toBe('Alex Driller');
    expect(after.notes).toBe('Checked');
  });

  it('refuses a total depth that is not a number of metres', () => {
    const base = { operator: '', site: '', rig: '', notes: '' };
    expect(csvEditsSchema.safeParse({ ...base, totalDepthDrilled: 'ten' }).success).toBe(false);
    expect(csvEditsSchema.safeParse({ ...base, totalDepthDrilled: '-1' }).success).toBe(false);
    expect(csvEditsSchema.parse({ ...base, totalDepthDrilled: ' ' }).totalDepthDrilled).toBeNull();
  });
});

describe('read-only reports', () => {
  it('is editable only while active; completed and sent reports are read-only', () => {
    expect(isReportReadOnly('active')).toBe(false);
    expect(isReportReadOnly('completed')).toBe(true);
    expect(isReportReadOnly('sent')).toBe(true);
    expect(isReportReadOnly('deleted')).toBe(true);
    expect(isReportReadOnly('approved')).toBe(true);
    expect(isReportReadOnly('returned')).toBe(false);
  });

  it('can still be submitted after Complete Shift & Save, but not after Submit', () => {
    const doc = newReportDoc();
    setStatus(doc, 'completed');
    expect(canSubmitReport('completed')).toBe(true);
    setStatus(doc, 'sent');
    expect(canSubmitReport('sent')).toBe(false);
    expect(canSubmitReport('returned')).toBe(true);
    expect(canSubmitReport('approved')).toBe(false);
  });
});
