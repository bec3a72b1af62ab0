import * as Y from 'yjs';
import { ReportIds, addTimesheetEntry, createReport, reportDocName, setStatus } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { CompletedChanges, watchCompletedChanges } from './completed-changes';

const REMOTE = { name: 'provider' };

/** Two replicas of one plod: this phone's and a crewmate's, in step at the start. */
function twoPhones() {
  const id = ReportIds.create();
  const mine = new Y.Doc();
  const theirs = new Y.Doc();
  createReport(theirs, { id });
  Y.applyUpdate(mine, Y.encodeStateAsUpdate(theirs), 'indexeddb');
  const store = new CompletedChanges(null);
  const name = reportDocName(id);
  const stop = watchCompletedChanges(name, mine, REMOTE, store);
  const sync = () =>
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(theirs, Y.encodeStateVector(mine)), REMOTE);
  return { mine, theirs, store, name, stop, sync };
}

describe('changes that reach a completed plod', () => {
  it('are noticed when a crewmate’s entry arrives after this phone completed the plod', () => {
    const { mine, theirs, store, name, sync } = twoPhones();
    // The crewmate, offline, adds an entry; this phone completes the shift meanwhile.
    addTimesheetEntry(theirs, { startTime: '06:00', endTime: '09:00' });
    setStatus(mine, 'completed');
    expect(store.at(name)).toBeNull();
    sync();
    expect(store.at(name)).not.toBeNull();
  });

  it('are not a completion that arrives from the crewmate (this phone had it active)', () => {
    const { theirs, store, name, sync } = twoPhones();
    addTimesheetEntry(theirs, { startTime: '06:00', endTime: '09:00' });
    setStatus(theirs, 'completed');
    sync();
    expect(store.at(name)).toBeNull();
  });

  it('stop being shown once the plod is reopened', () => {
    const { mine, theirs, store, name, sync } = twoPhones();
    setStatus(mine, 'completed');
    addTimesheetEntry(theirs, { startTime: '06:00', endTime: '09:00' });
    sync();
    expect(store.at(name)).not.toBeNull();
    setStatus(mine, 'active');
    expect(store.at(name)).toBeNull();
  });
});
