import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { newReportDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import { readReport } from '../report-doc/snapshot.ts';
import {
  addTimesheetEntry,
  removeTimesheetEntry,
  updateTimesheetEntry,
} from '../timesheet/timesheet-doc.ts';
import type { Actor } from './actor.ts';
import { setDocActor } from './actor.ts';
import { readReportHistory } from './conflicts.ts';
import { keepRemovedEntry, restoreRemovedEntry } from '../history-view/settle.ts';

const phone = (name: string): Actor => ({
  kind: 'crew',
  name,
  deviceId: `dev-${name}`,
  deviceName: `${name}'s phone`,
});

/** A report with one time entry, on two phones (Ann and Bob) that synced it once. */
function twoPhones() {
  const base = newReportDoc();
  const entry = addTimesheetEntry(base, {
    activity: 'drilling',
    startTime: '06:00',
    endTime: '08:00',
  });
  const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
  setDocActor(a, phone('Ann'));
  setDocActor(b, phone('Bob'));
  return { a, b, entry };
}

describe('an entry removed on one phone while another changed it', () => {
  it('is a removal conflict naming the change, the same on every replica', () => {
    const { a, b, entry } = twoPhones();
    removeTimesheetEntry(a, entry);
    updateTimesheetEntry(b, entry, { notes: 'Bit stuck' });
    syncAll([a, b]);
    expect(readReport(a).timesheet).toEqual([]);
    const { removals } = readReportHistory(a);
    expect(readReportHistory(b).removals).toEqual(removals);
    expect(removals).toHaveLength(1);
    expect(removals[0]?.entryId).toBe(entry);
    expect(removals[0]?.removal.actor?.name).toBe('Ann');
    expect(removals[0]?.changes.map((c) => [c.actor?.name, c.field, c.new])).toEqual([
      ['Bob', 'notes', 'Bit stuck'],
    ]);
  });

  it('is none when the removal saw the change', () => {
    const { a, b, entry } = twoPhones();
    updateTimesheetEntry(b, entry, { notes: 'Bit stuck' });
    syncAll([a, b]);
    removeTimesheetEntry(a, entry);
    syncAll([a, b]);
    expect(readReportHistory(b).removals).toEqual([]);
  });

  it('Restore brings the row back with the change; every replica agrees and the conflict goes', () => {
    const { a, b, entry } = twoPhones();
    removeTimesheetEntry(a, entry);
    updateTimesheetEntry(b, entry, { notes: 'Bit stuck', endTime: '09:00' });
    syncAll([a, b]);
    const [conflict] = readReportHistory(a).removals;
    if (!conflict) throw new Error('no conflict');
    restoreRemovedEntry(a, conflict);
    syncAll([a, b]);
    const rows = readReport(b).timesheet;
    expect(rows.map((r) => [r.id, r.notes, r.startTime, r.endTime, r.activity])).toEqual([
      [entry, 'Bit stuck', '06:00', '09:00', 'drilling'],
    ]);
    expect(readReport(a)).toEqual(readReport(b));
    expect(readReportHistory(b).removals).toEqual([]);
  });

  it('Keep deleted lets the change go: the row stays removed and the conflict goes', () => {
    const { a, b, entry } = twoPhones();
    removeTimesheetEntry(a, entry);
    updateTimesheetEntry(b, entry, { notes: 'Bit stuck' });
    syncAll([a, b]);
    const [conflict] = readReportHistory(b).removals;
    if (!conflict) throw new Error('no conflict');
    keepRemovedEntry(b, conflict);
    syncAll([a, b]);
    expect(readReport(a).timesheet).toEqual([]);
    expect(readReportHistory(a).removals).toEqual([]);
    expect(readReportHistory(a).entries.at(-1)).toMatchObject({
      actor: { name: 'Bob' },
      note: 'Kept deleted',
      kind: 'remove',
    });
  });
});
