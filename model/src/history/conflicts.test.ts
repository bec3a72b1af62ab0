import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { SurveyEntryId } from '../ids/ids.ts';
import { assignCrewMember, setPrimaryDriller } from '../crew-assignment/crew-assignment-doc.ts';
import { newReportDoc, replicasOf, syncAll, syncInto } from '../report-doc/testing.ts';
import { setReportNotes, setSummaryOverrides } from '../shift-summary/report-meta-doc.ts';
import { addSurveyEntry, removeSurveyEntry, updateSurveyEntry } from '../survey/survey-doc.ts';
import type { Actor } from './actor.ts';
import { setDocActor, withActor } from './actor.ts';
import { concurrentChanges, conflictOf, readReportHistory } from './conflicts.ts';
import { recordReportChanges } from './record.ts';

const phone = (name: string): Actor => ({
  kind: 'crew',
  name,
  deviceId: `dev-${name}`,
  deviceName: `${name}'s phone`,
});

/** Replicas of a fresh report, each with its person set, as phones that synced it once. */
function phones(...names: string[]): Y.Doc[] {
  const docs = replicasOf(newReportDoc(), names.length);
  docs.forEach((doc, i) => setDocActor(doc, phone(names[i] as string)));
  return docs;
}

const depth = (doc: Y.Doc, metres: number) =>
  setSummaryOverrides(doc, { totalDepthDrilled: metres });

describe('a field two devices changed while apart', () => {
  it('is an open conflict naming both changes, the same on every replica after they sync', () => {
    const [a, b] = phones('Ann', 'Bob') as [Y.Doc, Y.Doc];
    depth(a, 10.5);
    depth(b, 12.5);
    syncAll([a, b]);
    const fromA = readReportHistory(a);
    expect(readReportHistory(b)).toEqual(fromA);
    const conflict = conflictOf(fromA.conflicts, 'overrides', 'totalDepthDrilled');
    expect(conflict?.changes.map((c) => [c.actor?.name, c.new])).toEqual(
      expect.arrayContaining([
        ['Ann', 10.5],
        ['Bob', 12.5],
      ]),
    );
    expect(conflict?.changes).toHaveLength(2);
  });

  it('names the phones that wrote the values, not a merge that brought one in', () => {
    const [desk, b, c] = phones('Desk', 'Bob', 'Cy') as [Y.Doc, Y.Doc, Y.Doc];
    setReportNotes(b, 'B notes');
    setReportNotes(c, 'C notes');
    // The desk merges each late edit: its record repeats what the merged edit set.
    const boss: Actor = { kind: 'supervisor', name: 'Boss', deviceId: null, deviceName: null };
    for (const late of [b, c]) {
      withActor(desk, boss, () =>
        recordReportChanges(desk, () => syncInto(late, desk), { note: 'Merged', merge: true }),
      );
    }
    const conflict = conflictOf(readReportHistory(desk).conflicts, 'meta', 'notes');
    expect(conflict?.changes.map((change) => [change.actor?.name, change.new]).sort()).toEqual([
      ['Bob', 'B notes'],
      ['Cy', 'C notes'],
    ]);
  });

  it('is no conflict when both set the same value, or when the second had seen the first', () => {
    const [a, b, c] = phones('Ann', 'Bob', 'Cy') as [Y.Doc, Y.Doc, Y.Doc];
    depth(a, 10);
    depth(b, 10);
    setReportNotes(a, 'Dry');
    syncInto(a, c);
    setReportNotes(c, 'Wet');
    syncAll([a, b, c]);
    const history = readReportHistory(a);
    expect(history.conflicts).toEqual([]);
    expect(concurrentChanges(history.entries)).toEqual([]);
  });

  it('is settled by a later change made after seeing both, and the pair stays marked in the history', () => {
    const [a, b] = phones('Ann', 'Bob') as [Y.Doc, Y.Doc];
    setReportNotes(a, 'Core loss at 40 m');
    setReportNotes(b, 'No core loss');
    syncAll([a, b]);
    expect(readReportHistory(a).conflicts).toHaveLength(1);
    setReportNotes(b, 'Core loss at 40 m (checked)');
    syncAll([a, b]);
    const history = readReportHistory(a);
    expect(history.conflicts).toEqual([]);
    expect(concurrentChanges(history.entries).map(([x, y]) => [x.new, y.new].sort())).toEqual([
      ['Core loss at 40 m', 'No core loss'],
    ]);
  });

  it('with three devices: the change that saw only one side still conflicts with the other', () => {
    const [a, b, c] = phones('Ann', 'Bob', 'Cy') as [Y.Doc, Y.Doc, Y.Doc];
    depth(a, 5);
    depth(b, 6);
    syncInto(a, c);
    depth(c, 7);
    syncAll([a, b, c]);
    const conflict = conflictOf(readReportHistory(c).conflicts, 'overrides', 'totalDepthDrilled');
    expect(conflict?.changes.map((x) => x.actor?.name).sort()).toEqual(['Bob', 'Cy']);
  });

  it('covers the primary driller register and an entry row field, but not a removed row', () => {
    const base = newReportDoc();
    const bob = assignCrewMember(base, { crewMemberName: 'Bob', role: 'driller' });
    const cy = assignCrewMember(base, { crewMemberName: 'Cy', role: 'driller' });
    const point = addSurveyEntry(base, { depth: 30 });
    const other = addSurveyEntry(base, { depth: 60 });
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    setPrimaryDriller(a, bob);
    setPrimaryDriller(b, cy);
    updateSurveyEntry(a, point, { azimuth: 10 });
    updateSurveyEntry(b, point, { azimuth: 20 });
    updateSurveyEntry(a, other as SurveyEntryId, { dip: -50 });
    updateSurveyEntry(b, other as SurveyEntryId, { dip: -70 });
    removeSurveyEntry(b, other);
    syncAll([a, b]);
    const { conflicts } = readReportHistory(a);
    expect(conflicts.map((c) => [c.section, c.entryId, c.field]).sort()).toEqual([
      ['meta', null, 'primaryAssignmentId'],
      ['survey', point, 'azimuth'],
    ]);
  });
});
