import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addBitChange,
  addConsumableEntry,
  addDowntimeEntry,
  addHireToolUsage,
  addHoleToReport,
  addMaintenanceEntry,
  addRun,
  addSurveyEntry,
  addTimesheetEntry,
  addPhoto,
  assignCrewMember,
  createReport,
  readCrewAssignments,
  readReport,
  setReportNotes,
  setStatus,
  setSummaryOverrides,
  signOffReport,
  updateCrewAssignment,
  updateShiftDetails,
} from '@plod/model';
import type { HoleId, ReportId, RigId, SiteId } from '@plod/model';
import { additionOf } from '../../src/late-edits/parts.ts';

const HOLE = 'DH-2025-001' as HoleId;

/** A submitted report as the server holds it, with one hole, and a phone's copy of it. */
function serverAndPhone(): { server: Y.Doc; phone: Y.Doc } {
  const server = new Y.Doc();
  createReport(server, {
    id: '0190a000-0000-7000-8000-00000000c0de' as ReportId,
    shift: {
      date: '2025-07-14',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
      // A site and rig, so crew may be assigned.
      siteId: '0190a000-0000-7000-8000-0000000051e1' as SiteId,
      rigId: '0190a000-0000-7000-8000-00000000a191' as RigId,
      siteName: 'North Pit',
      rigName: 'Rig 7',
    },
  });
  addHoleToReport(server, { holeId: HOLE, targetDepth: 200, constantStickUp: 0.5 });
  assignCrewMember(server, { crewMemberName: 'Ann Lee', role: 'offsider', isPrimary: false });
  const phone = new Y.Doc();
  Y.applyUpdate(phone, Y.encodeStateAsUpdate(server));
  return { server, phone };
}

/** The update a change on the phone produces. */
function edit(phone: Y.Doc, change: (doc: Y.Doc) => void): Uint8Array {
  const before = Y.encodeStateVector(phone);
  change(phone);
  return Y.encodeStateAsUpdate(phone, before);
}

describe('what a late edit changes', () => {
  const cases: [string, (doc: Y.Doc) => void, string[]][] = [
    ['shift details', (d) => updateShiftDetails(d, { level: 'L2' }), ['shiftDetails']],
    ['summary overrides', (d) => setSummaryOverrides(d, { hoursWorked: 11 }), ['summary']],
    [
      'a run',
      (d) => addRun(d, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 }),
      ['runs'],
    ],
    [
      'a timesheet row',
      (d) => addTimesheetEntry(d, { startTime: '06:00', endTime: '07:00', activity: 'drilling' }),
      ['timesheets'],
    ],
    ['a survey row', (d) => addSurveyEntry(d, { depth: 30 }), ['survey']],
    [
      'a maintenance row',
      (d) => addMaintenanceEntry(d, { description: 'Oil change', timeSpent: 1 }),
      ['maintenance'],
    ],
    [
      'a hire tool row',
      (d) => addHireToolUsage(d, { toolName: 'Core barrel', quantity: 1, hours: 2 }),
      ['hireTools'],
    ],
    [
      'a downtime entry',
      (d) =>
        addDowntimeEntry(d, {
          codeId: 'client-standby',
          codeName: 'Client standby',
          codeGroup: 'client-standby',
          chargeable: true,
          startTime: '23:00',
          endTime: '01:00',
        }),
      ['downtime'],
    ],
    [
      'a consumable entry',
      (d) =>
        addConsumableEntry(d, {
          consumableId: 'mud',
          itemName: 'Drilling mud',
          unit: 'bag',
          quantity: 3,
        }),
      ['consumables'],
    ],
    [
      'a bit change',
      (d) => addBitChange(d, { bitSerial: 'NQ-1', holeId: HOLE, action: 'in', depth: 0 }),
      ['bitChanges'],
    ],
    [
      'a photo',
      (d) =>
        addPhoto(d, {
          attachmentId: '01936b2c-0000-7000-8000-00000000a001',
          contentType: 'image/jpeg',
          bytes: 1000,
          width: 1600,
          height: 1200,
        }),
      ['photos'],
    ],
    [
      "a person's hours",
      (d) => {
        const id = readCrewAssignments(d)[0]?.id;
        if (!id) throw new Error('no crew');
        updateCrewAssignment(d, id, { finishTime: '16:00', travelHours: 1 });
      },
      ['crew'],
    ],
    ['notes', (d) => setReportNotes(d, 'Bit changed'), ['notes']],
    ['status', (d) => setStatus(d, 'completed'), ['status']],
    [
      'sign-off',
      (d) =>
        signOffReport(d, {
          signedBy: 'Kim',
          certified: true,
          finalNotes: null,
          signature: 'M1 1L2 2',
        }),
      ['signOff'],
    ],
    [
      'a run and a timesheet row together',
      (d) => {
        addRun(d, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 });
        addTimesheetEntry(d, { startTime: '06:00', endTime: '07:00', activity: 'drilling' });
      },
      ['runs', 'timesheets'],
    ],
  ];
  it.each(cases)('names %s', (_name, change, parts) => {
    const { server, phone } = serverAndPhone();
    const addition = additionOf([Y.encodeStateAsUpdate(server)], edit(phone, change));
    expect(addition.parts).toEqual(parts);
    expect(addition.incomplete).toBe(false);
    expect(addition.update).not.toBeNull();
  });

  it('finds nothing new in an edit the document or the held edits already have', () => {
    const { server, phone } = serverAndPhone();
    const run = edit(phone, (d) =>
      addRun(d, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 }),
    );
    const base = Y.encodeStateAsUpdate(server);
    expect(additionOf([base, run], run)).toEqual({ update: null, parts: [], incomplete: false });
    // A reconnect re-sends everything the server lacks: only the newer edit is new.
    const notes = edit(phone, (d) => setReportNotes(d, 'Late note'));
    const resent = Y.encodeStateAsUpdate(phone, Y.encodeStateVector(server));
    const addition = additionOf([base, run], resent);
    expect(addition.parts).toEqual(['notes']);
    const merged = new Y.Doc();
    for (const update of [base, run, addition.update ?? new Uint8Array()]) {
      Y.applyUpdate(merged, update);
    }
    expect(readReport(merged).notes).toBe('Late note');
    expect(addition.update?.byteLength).toBeLessThan(resent.byteLength);
    expect(notes.byteLength).toBeGreaterThan(0);
  });

  it('keeps the whole update when it builds on content the document lacks', () => {
    const { server, phone } = serverAndPhone();
    edit(phone, (d) => addRun(d, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 }));
    const onTop = edit(phone, (d) => updateShiftDetails(d, { level: 'L3' }));
    const addition = additionOf([Y.encodeStateAsUpdate(server)], onTop);
    expect(addition.incomplete).toBe(true);
    expect(addition.update).toBe(onTop);
  });
});
