import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import {
  assignCrewMember,
  removeCrewAssignment,
  setPrimaryDriller,
} from '../crew-assignment/crew-assignment-doc.ts';
import { addHireToolUsage, updateHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addHoleToReport, updateReportHole } from '../hole/report-hole-doc.ts';
import { addMaintenanceEntry, removeMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { META, reportMap } from '../kernel/report-keys.ts';
import { migrateReportDoc } from '../report-doc/migrations.ts';
import { mutateReport } from '../kernel/mutate.ts';
import { newReportDoc, replicasOf, syncInto } from '../report-doc/testing.ts';
import { addRun, removeRun, updateRun } from '../run/run-doc.ts';
import {
  applyShiftSummaryUpdate,
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  signOffReport,
  updateShiftDetails,
} from '../shift-summary/report-meta-doc.ts';
import { addSurveyEntry, updateSurveyEntry } from '../survey/survey-doc.ts';
import { addTimesheetEntry, removeTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import type { Actor } from './actor.ts';
import { currentActor, setDocActor, withActor } from './actor.ts';
import { readHistory } from './read.ts';
import { actorKey, recordReportChanges } from './record.ts';
import { HISTORY_ROOTS } from './stored.ts';

const ANN: Actor = { kind: 'crew', name: 'Ann', deviceId: 'dev-a', deviceName: 'Pixel A' };
const SAM: Actor = { kind: 'supervisor', name: 'sam', deviceId: null, deviceName: null };
const DH1 = 'DH-1' as HoleId;

/** What the history says since `from`, without ids and times: [section, entry, field, kind, old, new]. */
function changesSince(doc: Y.Doc, from: number) {
  return readHistory(doc)
    .slice(from)
    .map((e) => [e.section, e.entryId, e.field, e.kind, e.old, e.new]);
}

const entryCount = (doc: Y.Doc) => readHistory(doc).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-07-14T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('what a report mutation records', () => {
  it('records who, on which device, when, and old -> new of summary fields, notes, shift and status', () => {
    const doc = newReportDoc();
    setDocActor(doc, ANN);
    const from = entryCount(doc);
    setSummaryOverrides(doc, { totalDepthDrilled: 10.5 });
    vi.setSystemTime(new Date('2025-07-14T09:30:00Z'));
    setSummaryOverrides(doc, { totalDepthDrilled: 12.5, hoursWorked: 11 });
    setReportNotes(doc, 'Core loss at 40 m');
    updateShiftDetails(doc, { endTime: '17:00' });
    setStatus(doc, 'completed');
    const entries = readHistory(doc).slice(from);
    expect(changesSince(doc, from)).toEqual([
      // A first override replaces the derived value shown: no runs (0 m), no time entries (0 h).
      ['overrides', null, 'totalDepthDrilled', 'change', 0, 10.5],
      ['overrides', null, 'hoursWorked', 'change', 0, 11],
      ['overrides', null, 'totalDepthDrilled', 'change', 10.5, 12.5],
      ['meta', null, 'notes', 'change', null, 'Core loss at 40 m'],
      ['shift', null, 'endTime', 'change', '18:00', '17:00'],
      ['meta', null, 'status', 'change', 'active', 'completed'],
    ]);
    expect(entries[0]?.actor).toEqual(ANN);
    expect(entries[0]?.at).toBe('2025-07-14T08:00:00.000Z');
    expect(entries[1]?.at).toBe('2025-07-14T09:30:00.000Z');
    // One save is one record: both overrides of the second save share it.
    expect(entries[1]?.recordId).toBe(entries[2]?.recordId);
    expect(entries[0]?.recordId).not.toBe(entries[1]?.recordId);
  });

  it('records the primary driller and sign-off, and an entry row added, changed per field and removed', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    const bob = assignCrewMember(doc, { crewMemberName: 'Bob', role: 'driller' });
    const cy = assignCrewMember(doc, { crewMemberName: 'Cy', role: 'driller' });
    setPrimaryDriller(doc, bob);
    setPrimaryDriller(doc, cy);
    removeCrewAssignment(doc, cy);
    signOffReport(doc, {
      signedBy: 'Bob',
      certified: true,
      finalNotes: null,
      signature: 'M10 10L20 20',
    });
    expect(changesSince(doc, from)).toEqual([
      ['crew', bob, null, 'add', null, { crewMemberName: 'Bob', role: 'driller' }],
      ['crew', cy, null, 'add', null, { crewMemberName: 'Cy', role: 'driller' }],
      ['meta', null, 'primaryAssignmentId', 'change', null, bob],
      ['meta', null, 'primaryAssignmentId', 'change', bob, cy],
      ['meta', null, 'primaryAssignmentId', 'change', cy, null],
      ['crew', cy, null, 'remove', { crewMemberName: 'Cy', role: 'driller' }, null],
      ['signOff', null, 'certified', 'change', null, true],
      ['signOff', null, 'signature', 'change', null, 'M10 10L20 20'],
      ['signOff', null, 'signedAt', 'change', null, '2025-07-14T08:00:00.000Z'],
      ['signOff', null, 'signedBy', 'change', null, 'Bob'],
    ]);
  });

  it('records holes, runs, time entries, survey points, maintenance tasks and hire tools', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH1, targetDepth: 100 });
    const from = entryCount(doc);
    updateReportHole(doc, DH1, { targetDepth: 120 });
    const run = addRun(doc, DH1, { rodAdded: true, stickUp: 0.2, oriToolUsed: false });
    updateRun(doc, run, { stickUp: 0.5 });
    removeRun(doc, run);
    const time = addTimesheetEntry(doc, { startTime: '06:00', endTime: '08:00' });
    removeTimesheetEntry(doc, time);
    const point = addSurveyEntry(doc, { depth: 30 });
    updateSurveyEntry(doc, point, { azimuth: 90 });
    const task = addMaintenanceEntry(doc, { description: 'Greased head', timeSpent: 0.5 });
    removeMaintenanceEntry(doc, task);
    const tool = addHireToolUsage(doc, { toolName: 'Pump', ratePerHour: 20 });
    updateHireToolUsage(doc, tool, { hours: 4 });
    const rows = changesSince(doc, from).map(([section, id, field, kind]) => [
      section,
      id === run || id === time || id === point || id === task || id === tool ? 'row' : id,
      field,
      kind,
    ]);
    // A hole's setup is kept as writes: a change of its target depth is one more write.
    const write = rows[0]?.[1];
    expect(rows).toEqual([
      ['holeSetups', write, null, 'add'],
      ['runs', 'row', null, 'add'],
      ['runs', 'row', 'stickUp', 'change'],
      ['runs', 'row', null, 'remove'],
      ['timesheet', 'row', null, 'add'],
      ['timesheet', 'row', null, 'remove'],
      ['survey', 'row', null, 'add'],
      ['survey', 'row', 'azimuth', 'change'],
      ['maintenance', 'row', null, 'add'],
      ['maintenance', 'row', null, 'remove'],
      ['hireTools', 'row', null, 'add'],
      ['hireTools', 'row', 'hours', 'change'],
    ]);
    const entries = readHistory(doc).slice(from);
    expect(entries[0]?.new).toEqual({ holeId: DH1, targetDepth: 120 });
    expect(entries[2]).toMatchObject({ old: 0.2, new: 0.5 });
    // An added row keeps the inputs, never a derived value (a run's depths, a tool's cost).
    expect(entries[1]?.new).toEqual({
      barrelType: 'NQ',
      holeId: DH1,
      oriToolUsed: false,
      rodAdded: true,
      stickUp: 0.2,
      style: 'run-sheet',
    });
    expect(Object.keys(entries[10]?.new ?? {})).not.toContain('totalCost');
  });

  it('makes one record of a mutation made of mutations, and of several mutations grouped', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    applyShiftSummaryUpdate(doc, { totalDepthDrilled: 8, notes: 'Dry hole', status: 'completed' });
    recordReportChanges(doc, () => {
      setReportNotes(doc, 'Wet hole');
      setSummaryOverrides(doc, { totalDepthDrilled: 9 });
    });
    const records = new Set(
      readHistory(doc)
        .slice(from)
        .map((e) => e.recordId),
    );
    expect(records.size).toBe(2);
  });

  it('records a mutation nobody listed, by what it changed', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    mutateReport(doc, () => reportMap(doc, 'meta').set('returnComment', 'Fix the hours'));
    expect(changesSince(doc, from)).toEqual([
      ['meta', null, 'returnComment', 'change', null, 'Fix the hours'],
    ]);
  });

  it('records a write of the value already there: merged, it can still win over a crewmate', () => {
    const doc = newReportDoc();
    setSummaryOverrides(doc, { hoursWorked: 11 });
    const from = entryCount(doc);
    mutateReport(doc, () => reportMap(doc, 'overrides').set('hoursWorked', 11));
    expect(changesSince(doc, from)).toEqual([['overrides', null, 'hoursWorked', 'change', 11, 11]]);
  });

  it('records nothing for a change that writes nothing, or only stamps', () => {
    const doc = newReportDoc();
    setReportNotes(doc, 'Same');
    const from = entryCount(doc);
    setReportNotes(doc, 'Same');
    updateShiftDetails(doc, { date: '2025-07-14' });
    mutateReport(doc, () => reportMap(doc, 'meta').set(META.completedAt, 'x'));
    expect(entryCount(doc)).toBe(from);
  });

  it('records what a change made before it failed', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    expect(() =>
      mutateReport(doc, () => {
        reportMap(doc, 'meta').set(META.notes, 'Half done');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(changesSince(doc, from)).toEqual([['meta', null, 'notes', 'change', null, 'Half done']]);
  });

  it('keeps a long text as a digest with a preview, and tells two long texts apart', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    setReportNotes(doc, 'a'.repeat(1000));
    setReportNotes(doc, `${'a'.repeat(999)}b`);
    const [first, second] = readHistory(doc).slice(from);
    expect(first?.new).toMatchObject({ length: 1000, preview: 'a'.repeat(60) });
    expect(second?.old).toEqual(first?.new);
    expect(second?.new).not.toEqual(first?.new);
  });

  it('stays small: a field change costs the document under 150 bytes of history', () => {
    const doc = newReportDoc();
    const before = Y.encodeStateAsUpdate(doc).length;
    const recorded = () => Y.encodeStateAsUpdate(doc).length - before;
    const log = doc.getArray(HISTORY_ROOTS.log);
    withActor(doc, ANN, () => {
      for (let i = 0; i < 300; i += 1) setSummaryOverrides(doc, { totalDepthDrilled: i + 0.5 });
    });
    const total = recorded();
    // The same changes with their history records gone (deleted records shrink to a few bytes).
    log.delete(0, log.length);
    const historyBytes = total - recorded();
    expect(historyBytes / 300).toBeLessThan(150);
  });
});

describe('who', () => {
  it('names the document actor, a scoped actor inside withActor, and nobody when none is set', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    setReportNotes(doc, 'one');
    setDocActor(doc, ANN);
    setReportNotes(doc, 'two');
    const inner = withActor(doc, SAM, () => {
      setReportNotes(doc, 'three');
      return currentActor(doc);
    });
    setReportNotes(doc, 'four');
    expect(inner).toEqual(SAM);
    expect(
      readHistory(doc)
        .slice(from)
        .map((e) => e.actor?.name ?? null),
    ).toEqual([null, 'Ann', 'sam', 'Ann']);
    // Each actor is stored once, however many changes name it.
    expect(doc.getMap(HISTORY_ROOTS.actors).size).toBe(2);
  });
});

describe('history in the document', () => {
  it('is not recorded again on a replica that receives the change, and reads the same there', () => {
    const doc = newReportDoc();
    const [other] = replicasOf(doc, 1) as [Y.Doc];
    withActor(doc, ANN, () => setSummaryOverrides(doc, { totalDepthDrilled: 7 }));
    syncInto(doc, other);
    expect(readHistory(other)).toEqual(readHistory(doc));
  });

  it('an older document has no history until a change is made, and migrating it records nothing', () => {
    const old = new Y.Doc();
    old.transact(() => {
      reportMap(old, 'meta').set(META.reportId, '0190a000-0000-7000-8000-000000000001');
      reportMap(old, 'meta').set(META.status, 'active');
      const crew = reportMap(old, 'crew');
      const entry = new Y.Map<unknown>();
      entry.set('crewMemberName', 'Bob');
      entry.set('role', 'driller');
      entry.set('isPrimary', true);
      crew.set('a1', entry);
    });
    migrateReportDoc(old);
    expect(readHistory(old)).toEqual([]);
    setReportNotes(old, 'First recorded change');
    expect(changesSince(old, 0)).toEqual([
      ['meta', null, 'notes', 'change', null, 'First recorded change'],
    ]);
  });

  it('records an undo made by an UndoManager, and the UndoManager can still redo it', () => {
    const doc = newReportDoc();
    const undo = new Y.UndoManager([reportMap(doc, 'overrides')], { captureTimeout: 0 });
    setSummaryOverrides(doc, { totalDepthDrilled: 12 });
    const from = entryCount(doc);
    recordReportChanges(doc, () => undo.undo());
    expect(changesSince(doc, from)).toEqual([
      ['overrides', null, 'totalDepthDrilled', 'change', 12, null],
    ]);
    undo.redo();
    expect(reportMap(doc, 'overrides').get('totalDepthDrilled')).toBe(12);
  });

  it('keeps two actors apart even when one key is taken by something else', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    // Whatever holds the key Ann would take (a collision, or a forged entry), Ann gets one of her own.
    doc.getMap(HISTORY_ROOTS.actors).set(actorKey(ANN), null);
    withActor(doc, ANN, () => setReportNotes(doc, 'by Ann'));
    withActor(doc, SAM, () => setReportNotes(doc, 'by Sam'));
    expect(
      readHistory(doc)
        .slice(from)
        .map((e) => e.actor),
    ).toEqual([ANN, SAM]);
  });

  it('reads past a damaged or forged record', () => {
    const doc = newReportDoc();
    const from = entryCount(doc);
    doc.getArray(HISTORY_ROOTS.log).push([{ id: 1 }, 'junk', { id: 'x', at: 'never', ch: [] }]);
    setReportNotes(doc, 'after');
    expect(changesSince(doc, from)).toEqual([['meta', null, 'notes', 'change', null, 'after']]);
  });
});
