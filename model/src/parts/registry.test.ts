import { describe, expect, it } from 'vitest';
import { addHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { describeReportChanges } from '../report-doc/changes.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import { toBundle } from '../report-doc/to-bundle.ts';
import { plodSheet } from '../report-sheet/sheet.ts';
import { PLOD_PARTS } from './registry.ts';

describe('the machinery reads every part through PLOD_PARTS', () => {
  it('puts each part in the snapshot, its totals in the totals and its list in the bundle', () => {
    const doc = newReportDoc();
    addMaintenanceEntry(doc, { description: 'Grease', timeSpent: 0.5 });
    addMaintenanceEntry(doc, { description: 'Filters', timeSpent: 1.5 });
    addHireToolUsage(doc, { toolName: 'Pump', quantity: 2, hours: 1.5, ratePerHour: 10 });
    const snapshot = readReport(doc);
    for (const part of PLOD_PARTS) expect(snapshot[part.root]).toEqual(part.read(doc));
    expect(snapshot.totals.maintenanceHours).toBe(2);
    expect(snapshot.totals.hireToolCost).toBe(30);

    const bundle = toBundle(snapshot);
    // The kernel's lists first, then one per part in PLOD_PARTS order (the REST and CSV order).
    expect(Object.keys(bundle)).toEqual([
      'shiftSummary',
      'crewAssignments',
      'runSheetEntries',
      'surveyEntries',
      'timesheetEntries',
      ...PLOD_PARTS.map((part) => part.bundleList),
    ]);
    expect(bundle.maintenanceEntries.map((m) => m.description)).toEqual(['Grease', 'Filters']);
    expect(bundle.hireToolsUsage[0]).toMatchObject({ toolName: 'Pump', totalCost: 30 });
  });

  it("gives each part with a table its section on the sheet, and each part's change lines", () => {
    const doc = newReportDoc();
    const before = readReport(doc);
    addMaintenanceEntry(doc, { description: 'Grease', timeSpent: 0.5 });
    const after = readReport(doc);
    expect(plodSheet(after).parts.map((p) => p.name)).toEqual(
      PLOD_PARTS.filter((part) => part.sheetTable !== null).map((part) => part.sectionName),
    );
    expect(plodSheet(after).parts[0]?.table.totals).toBe('Total 0.5 h');
    expect(describeReportChanges(before, after)).toContainEqual({
      part: 'Maintenance',
      text: 'Maintenance added: Grease (0.5 h)',
    });
  });
});
