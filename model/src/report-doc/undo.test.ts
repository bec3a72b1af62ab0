import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { CrewMemberId, HoleId } from '../ids/ids.ts';
import {
  assignCrewMember,
  setPrimaryDriller,
  updateCrewAssignment,
} from '../crew-assignment/crew-assignment-doc.ts';
import { addHireToolUsage, removeHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addMaintenanceEntry, updateMaintenanceEntry } from '../maintenance/maintenance-part.ts';
import { addRun, updateRun } from '../run/run-doc.ts';
import { addDowntimeEntry, readDowntime } from '../downtime/downtime-part.ts';
import { addPhoto, readPhotos, removePhoto } from '../photos/photos-part.ts';
import { setReportNotes, setStatus, updateShiftDetails } from '../shift-summary/report-meta-doc.ts';
import { addSurveyEntry, removeSurveyEntry } from '../survey/survey-doc.ts';
import {
  addTimesheetEntry,
  readTimesheet,
  removeTimesheetEntry,
  updateTimesheetEntry,
} from '../timesheet/timesheet-doc.ts';
import { readHistory } from '../history/read.ts';
import { readReport } from './snapshot.ts';
import {
  TEST_SITE_ID,
  defaultCodeCopy,
  newReportDoc,
  replicasOf,
  runInput,
  syncInto,
} from './testing.ts';
import { createReportUndo, type ReportUndo } from './undo.ts';

// This device's own changes carry this origin, as the web app's mutations do.
const LOCAL = Symbol('local');

/** Runs a mutation as this device's own change. */
function local<R>(doc: Y.Doc, change: (doc: Y.Doc) => R): R {
  let result: R | undefined;
  doc.transact(() => {
    result = change(doc);
  }, LOCAL);
  return result as R;
}

const undos: ReportUndo[] = [];
afterEach(() => undos.splice(0).forEach((u) => u.destroy()));

function undoFor(doc: Y.Doc, now?: () => number): ReportUndo {
  const undo = createReportUndo(doc, { localOrigin: LOCAL, now });
  undos.push(undo);
  return undo;
}

const night = { holeId: 'DH1', startTime: '22:00', endTime: '02:00', notes: 'night run' };

describe('undo of this device’s own report changes', () => {
  it('brings back a deleted time entry with every field', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    const id = local(doc, (d) => addTimesheetEntry(d, night));
    local(doc, (d) => removeTimesheetEntry(d, id));
    expect(readTimesheet(doc)).toEqual([]);
    expect(undo.next()?.label).toBe('time entry deleted');
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'time entry deleted' });
    const [entry] = readTimesheet(doc);
    expect(entry).toMatchObject({ id, ...night, hours: 4 });
    expect(undo.next()?.label).toBe('time entry added');
  });

  it('records the undo in the history as a change of its own', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    const id = local(doc, (d) => addTimesheetEntry(d, night));
    local(doc, (d) => removeTimesheetEntry(d, id));
    const before = readHistory(doc).length;
    undo.undo();
    const added = readHistory(doc).slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        section: 'timesheet',
        entryId: id,
        kind: 'add',
        note: 'Undo: time entry deleted',
      }),
    ]);
  });

  it('names each kind of change in words', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    const label = (change: (d: Y.Doc) => unknown) => {
      local(doc, change);
      return undo.next()?.label;
    };
    const t = local(doc, (d) => addTimesheetEntry(d, night));
    expect(label((d) => updateTimesheetEntry(d, t, { notes: 'x' }))).toBe('time entry edited');
    const s = local(doc, (d) => addSurveyEntry(d, { depth: 10 }));
    expect(undo.next()?.label).toBe('survey point added');
    expect(label((d) => removeSurveyEntry(d, s))).toBe('survey point deleted');
    const m = local(doc, (d) => addMaintenanceEntry(d, { description: 'hose' }));
    expect(label((d) => updateMaintenanceEntry(d, m, { status: 'pending' }))).toBe(
      'maintenance task edited',
    );
    const h = local(doc, (d) => addHireToolUsage(d, { toolName: 'Saw' }));
    expect(label((d) => removeHireToolUsage(d, h))).toBe('hire tool deleted');
    const crew = { crewMemberId: null, crewMemberName: 'Alex', role: 'driller' } as const;
    const a = local(doc, (d) =>
      assignCrewMember(d, { ...crew, crewMemberId: null as CrewMemberId | null }),
    );
    expect(undo.next()?.label).toBe('crew member assigned');
    expect(label((d) => setPrimaryDriller(d, a))).toBe('primary driller changed');
    expect(label((d) => updateShiftDetails(d, { startTime: '18:00' }))).toBe(
      'shift details edited',
    );
    expect(label((d) => setReportNotes(d, 'wet ground'))).toBe('notes edited');
    const hole = 'DH-9' as HoleId;
    expect(label((d) => addHoleToReport(d, { holeId: hole }))).toBe('hole started');
    expect(label((d) => addRun(d, hole, runInput()))).toBe('run added');
  });

  it("undoes the billed parts' changes: downtime, a photo, people's hours and a run's recovery", () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    const d = local(doc, (x) =>
      addDowntimeEntry(x, { ...defaultCodeCopy(TEST_SITE_ID, 'client-standby'), ...night }),
    );
    expect(undo.next()?.label).toBe('downtime added');
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'downtime added' });
    expect(readDowntime(doc).some((e) => e.id === d)).toBe(false);

    const photo = local(doc, (x) =>
      addPhoto(x, {
        attachmentId: '01936b2c-0000-7000-8000-00000000a001',
        contentType: 'image/jpeg',
        bytes: 1000,
        width: 1600,
        height: 1200,
      }),
    );
    local(doc, (x) => removePhoto(x, photo));
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'photo deleted' });
    expect(readPhotos(doc).map((p) => p.id)).toEqual([photo]);

    const crew = { crewMemberName: 'Alex', role: 'driller', isPrimary: true } as const;
    const a = local(doc, (x) => assignCrewMember(x, crew));
    local(doc, (x) => updateCrewAssignment(x, a, { finishTime: '16:00', travelHours: 1 }));
    expect(undo.undo().kind).toBe('undone');
    expect(readReport(doc).crew[0]).toMatchObject({ finishTime: '18:00', travelHours: 0 });

    const hole = 'DH-9' as HoleId;
    local(doc, (x) => addHoleToReport(x, { holeId: hole }));
    const run = local(doc, (x) => addRun(x, hole, runInput()));
    const length = readReport(doc).holes[0]?.runs[0]?.length ?? 0;
    local(doc, (x) => updateRun(x, run, { recoveredLength: length / 2 }));
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'run edited' });
    expect(readReport(doc).holes[0]?.runs[0]?.recoveredLength).toBeNull();
  });

  it('never offers a change that arrived from another phone', () => {
    const a = newReportDoc();
    const [b] = replicasOf(a, 1) as [Y.Doc];
    const undo = undoFor(a);
    local(a, (d) => addTimesheetEntry(d, night));
    const theirs = local(b, (d) => addSurveyEntry(d, { depth: 12 }));
    syncInto(b, a);
    expect(undo.next()?.label).toBe('time entry added');
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'time entry added' });
    expect(readTimesheet(a)).toEqual([]);
    expect(readReport(a).survey.map((s) => s.id)).toEqual([theirs]);
    expect(undo.next()).toBeNull();
    // The undo reaches the other phone like any change.
    syncInto(a, b);
    expect(readTimesheet(b)).toEqual([]);
  });

  it('keeps an entry a crewmate has edited since this phone added it', () => {
    const a = newReportDoc();
    const undo = undoFor(a);
    const id = local(a, (d) => addTimesheetEntry(d, night));
    const [b] = replicasOf(a, 1) as [Y.Doc];
    local(b, (d) => updateTimesheetEntry(d, id, { notes: 'checked by Jordan' }));
    syncInto(b, a);
    expect(undo.undo()).toEqual({ kind: 'changed-since', label: 'time entry added' });
    expect(readTimesheet(a)[0]?.notes).toBe('checked by Jordan');
    expect(undo.next()).toBeNull();
  });

  it('keeps an entry brought back by an undo once a crewmate has edited it', () => {
    const a = newReportDoc();
    const undo = undoFor(a);
    const id = local(a, (d) => addTimesheetEntry(d, night));
    local(a, (d) => removeTimesheetEntry(d, id));
    undo.undo();
    const [b] = replicasOf(a, 1) as [Y.Doc];
    local(b, (d) => updateTimesheetEntry(d, id, { notes: 'checked by Jordan' }));
    syncInto(b, a);
    expect(undo.undo()).toEqual({ kind: 'changed-since', label: 'time entry added' });
    expect(readTimesheet(a)[0]?.notes).toBe('checked by Jordan');
  });

  it('leaves a field a crewmate overwrote, and does not undo the step below instead', () => {
    const a = newReportDoc();
    const undo = undoFor(a);
    local(a, (d) => addSurveyEntry(d, { depth: 5 }));
    const id = local(a, (d) => addTimesheetEntry(d, night));
    local(a, (d) => updateTimesheetEntry(d, id, { notes: 'mine' }));
    const [b] = replicasOf(a, 1) as [Y.Doc];
    local(b, (d) => updateTimesheetEntry(d, id, { notes: 'theirs' }));
    syncInto(b, a);
    expect(undo.undo()).toEqual({ kind: 'changed-since', label: 'time entry edited' });
    expect(readTimesheet(a)[0]?.notes).toBe('theirs');
    expect(readReport(a).survey).toHaveLength(1);
    expect(undo.next()?.label).toBe('time entry added');
  });

  it('ends the history at a status change, and never offers the status change itself', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    local(doc, (d) => addTimesheetEntry(d, night));
    local(doc, (d) => setStatus(d, 'completed'));
    expect(undo.next()).toBeNull();
    expect(undo.undo()).toEqual({ kind: 'nothing' });
    expect(readReport(doc).status).toBe('completed');
    // A status set elsewhere (a supervisor returning the plod) ends it too.
    local(doc, (d) => setStatus(d, 'active'));
    local(doc, (d) => addTimesheetEntry(d, night));
    const [b] = replicasOf(doc, 1) as [Y.Doc];
    setStatus(b, 'sent');
    syncInto(b, doc);
    expect(undo.next()).toBeNull();
  });

  it('does not count a transaction that changed nothing a person would undo', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    const id = local(doc, (d) => addTimesheetEntry(d, night));
    // The same value again writes only the updatedAt stamp.
    local(doc, (d) => updateTimesheetEntry(d, id, { notes: night.notes }));
    expect(undo.next()?.label).toBe('time entry added');
  });

  it('forgets the history once its newest change is older than the window', () => {
    let clock = 1_000;
    const doc = newReportDoc();
    const undo = undoFor(doc, () => clock);
    local(doc, (d) => addTimesheetEntry(d, night));
    clock = 2_000;
    local(doc, (d) => addSurveyEntry(d, { depth: 3 }));
    undo.expireBefore(1_500);
    expect(undo.next()).toEqual({ label: 'survey point added', at: 2_000 });
    undo.expireBefore(2_001);
    expect(undo.next()).toBeNull();
  });

  it('tells its subscribers when the next step changes', () => {
    const doc = newReportDoc();
    const undo = undoFor(doc);
    let calls = 0;
    const stop = undo.subscribe(() => (calls += 1));
    local(doc, (d) => addTimesheetEntry(d, night));
    expect(calls).toBe(1);
    undo.undo();
    expect(calls).toBe(2);
    stop();
    local(doc, (d) => addTimesheetEntry(d, night));
    expect(calls).toBe(2);
  });
});
