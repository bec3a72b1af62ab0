import { describe, expect, it } from 'vitest';
import { bitChangesPart } from '../bit/bit-changes-part.ts';
import { maintenancePart } from '../maintenance/maintenance-part.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';

describe("a part's change lines", () => {
  it('name a field as the change history labels it, in lower case with its unit', () => {
    const doc = newReportDoc();
    const id = bitChangesPart.add(doc, {
      bitSerial: 'NQ-1',
      holeId: 'DH-1',
      action: 'in',
      depth: 3,
    });
    const before = readReport(doc);
    bitChangesPart.update(doc, id, { holeId: 'DH-2', action: 'out', depth: 4.5, notes: 'worn' });
    expect(bitChangesPart.changeLines(before, readReport(doc))).toEqual([
      'Bit NQ-1: hole DH-1 -> DH-2',
      'Bit NQ-1: action in -> out',
      'Bit NQ-1: depth 3 -> 4.5 m',
      'Bit NQ-1: notes empty -> worn',
    ]);
  });

  it('name a field by its own label where the part gives one', () => {
    const doc = newReportDoc();
    const id = maintenancePart.add(doc, { description: 'Hose', timeSpent: 1 });
    const before = readReport(doc);
    maintenancePart.update(doc, id, { timeSpent: 1.5 });
    expect(maintenancePart.changeLines(before, readReport(doc))).toEqual([
      'Maintenance Hose: time 1 -> 1.5 h',
    ]);
  });
});
