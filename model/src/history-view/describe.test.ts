import { describe, expect, it } from 'vitest';
import type { HoleId } from '../ids/ids.ts';
import { assignCrewMember, setPrimaryDriller } from '../crew-assignment/crew-assignment-doc.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import { addRun, updateRun } from '../run/run-doc.ts';
import {
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  updateShiftDetails,
} from '../shift-summary/report-meta-doc.ts';
import { describeHistory, historyGroup } from './describe.ts';
import { readHistory } from '../history/read.ts';

const DH1 = 'DH-1' as HoleId;

describe('describeHistory', () => {
  it('says each change in words with units, names and the group it belongs to', () => {
    const doc = newReportDoc();
    const from = readHistory(doc).length;
    setSummaryOverrides(doc, { totalDepthDrilled: 10.5 });
    setSummaryOverrides(doc, { totalDepthDrilled: 12.5 });
    setSummaryOverrides(doc, { totalDepthDrilled: null });
    const bob = assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller' });
    setPrimaryDriller(doc, bob);
    setReportNotes(doc, 'Core loss at 40 m');
    updateShiftDetails(doc, { endTime: '17:00', siteId: null });
    addHoleToReport(doc, { holeId: DH1, targetDepth: 100 });
    const run = addRun(doc, DH1, { rodAdded: true, stickUp: 0.2, oriToolUsed: false });
    updateRun(doc, run, { stickUp: 0.5 });
    setStatus(doc, 'completed');
    const described = describeHistory(readHistory(doc).slice(from), {
      site: (id) => (id === '0190a000-0000-7000-8000-0000000000a1' ? 'North Pit' : null),
    });
    expect(described.map((d) => [d.group, d.text])).toEqual([
      // From the derived value shown (no runs yet: 0 m).
      ['Summary', 'Total depth 0 → 10.5 m'],
      ['Summary', 'Total depth 10.5 → 12.5 m'],
      ['Summary', 'Total depth back to the calculated value (was 12.5 m)'],
      ['Crew', 'Added Bob (driller)'],
      ['Crew', 'Primary driller set to Bob'],
      ['Notes', 'Notes set to Core loss at 40 m'],
      ['Shift details', 'End time 18:00 → 17:00'],
      ['Shift details', 'Site cleared (was North Pit)'],
      ['Holes', 'Added hole DH-1'],
      ['Runs', 'Added run on DH-1'],
      ['Runs', 'Run on DH-1 · Stick-up 0.2 → 0.5 m'],
      ['Status', 'Status Active → Completed'],
    ]);
  });

  it('says a new plod was started rather than that its status was set', () => {
    const [first] = describeHistory(readHistory(newReportDoc()));
    expect(first?.text).toBe('Plod started');
  });

  it('puts notes and the primary driller in their own groups', () => {
    expect(historyGroup({ section: 'meta', field: 'notes' })).toBe('Notes');
    expect(historyGroup({ section: 'meta', field: 'primaryAssignmentId' })).toBe('Crew');
    expect(historyGroup({ section: 'meta', field: 'status' })).toBe('Status');
  });
});
