import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import { addRun, removeRun, updateRun } from '../run/run-doc.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { createReportUndo } from '../report-doc/undo.ts';
import {
  mergeUpdates,
  newReportDoc,
  permutations,
  replicasOf,
  rod,
  syncAll,
} from '../report-doc/testing.ts';
import { reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import {
  addHoleToReport,
  chooseHoleSetting,
  readReportHoleWrites,
  readReportHoles,
  updateReportHole,
} from './report-hole-doc.ts';
import { headIds, insertSetupWrite } from './setup-writes.ts';

const DH = 'DH-2026-014' as HoleId;

function twoPhones(): [Y.Doc, Y.Doc] {
  return replicasOf(newReportDoc(), 2) as [Y.Doc, Y.Doc];
}

const hole = (doc: Y.Doc) => readReportHoles(doc)[0];

/** A write of the hole's complete mark, as stored (no screen writes one today; readers keep it). */
function writeComplete(doc: Y.Doc, holeId: HoleId, isComplete: boolean): void {
  const writes = readReportHoleWrites(doc).filter((w) => w.holeId === holeId);
  mutateReport(doc, () =>
    insertSetupWrite(reportMap(doc, 'holeSetups'), {
      holeId,
      at: new Date().toISOString(),
      supersedes: headIds(writes, ['isComplete']),
      values: { isComplete },
    }),
  );
}

describe('the same hole set up on two phones apart', () => {
  it('ends as one hole that keeps both values of every setting that differs', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH, targetDepth: 120, constantStickUp: 0.5, dip: -60 });
    addHoleToReport(b, { holeId: DH, targetDepth: 150, constantStickUp: 0.2, dip: -60 });
    syncAll([a, b]);
    expect(readReportHoles(a)).toHaveLength(1);
    expect(hole(a)?.conflicts).toEqual([
      {
        setting: 'targetDepth',
        options: expect.arrayContaining([
          expect.objectContaining({ value: 120 }),
          expect.objectContaining({ value: 150 }),
        ]),
      },
      {
        setting: 'constantStickUp',
        options: expect.arrayContaining([
          expect.objectContaining({ value: 0.5 }),
          expect.objectContaining({ value: 0.2 }),
        ]),
      },
    ]);
    expect(hole(b)).toEqual(hole(a));
  });

  it('never changes a run either phone had recorded (3.0 m stays 3.0 m)', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH, constantStickUp: 0.5 });
    addRun(a, DH, rod(0.5));
    addRun(a, DH, rod(0.5));
    addHoleToReport(b, { holeId: DH, constantStickUp: 0.2 });
    addRun(b, DH, rod(0.5));
    const before = new Map(
      [a, b].flatMap((d) => hole(d)?.runs.map((r) => [r.id, r.length] as const) ?? []),
    );
    expect([...before.values()].sort()).toEqual([2.5, 3, 3.3]);
    syncAll([a, b]);
    const runs = hole(a)?.runs ?? [];
    expect(runs).toHaveLength(3);
    for (const run of runs) expect(run.length).toBe(before.get(run.id));
    // Still one chain: numbered in order, each run starting where the last ended.
    expect(runs.map((r) => r.runNumber)).toEqual([1, 2, 3]);
    expect(runs[1]?.fromDepth).toBe(runs[0]?.toDepth);
  });

  it('settles a setting once someone chooses, on every phone, in any merge order', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH, targetDepth: 120 });
    addHoleToReport(b, { holeId: DH, targetDepth: 150 });
    syncAll([a, b]);
    chooseHoleSetting(b, DH, 'targetDepth', 150);
    const orders = permutations([a, b].map((d) => Y.encodeStateAsUpdate(d)));
    for (const order of orders) {
      const merged = hole(mergeUpdates(order));
      expect(merged?.conflicts).toEqual([]);
      expect(merged?.targetDepth).toBe(150);
    }
    syncAll([a, b]);
    expect(hole(a)?.targetDepth).toBe(150);
    expect(hole(a)?.conflicts).toEqual([]);
  });

  it('shows a new difference again when a third phone set the hole up apart from the choice', () => {
    const [a, b, c] = replicasOf(newReportDoc(), 3) as [Y.Doc, Y.Doc, Y.Doc];
    addHoleToReport(a, { holeId: DH, targetDepth: 120 });
    addHoleToReport(b, { holeId: DH, targetDepth: 150 });
    addHoleToReport(c, { holeId: DH, targetDepth: 90 });
    syncAll([a, b]);
    chooseHoleSetting(a, DH, 'targetDepth', 150);
    syncAll([a, b, c]);
    expect(
      hole(c)
        ?.conflicts[0]?.options.map((o) => o.value)
        .sort(),
    ).toEqual([150, 90]);
  });

  it('shows both choices when two phones choose differently apart', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH, dip: -60 });
    syncAll([a, b]);
    updateReportHole(a, DH, { dip: -70 });
    updateReportHole(b, DH, { dip: -75 });
    syncAll([a, b]);
    expect(hole(a)?.conflicts).toEqual([
      expect.objectContaining({
        setting: 'dip',
        options: expect.arrayContaining([
          expect.objectContaining({ value: -70 }),
          expect.objectContaining({ value: -75 }),
        ]),
      }),
    ]);
  });

  it('takes the deeper start when two phones continued the hole from different marks', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH }, { startDepth: 30, startRunNumber: 11 });
    addHoleToReport(b, { holeId: DH }, { startDepth: 45, startRunNumber: 16 });
    syncAll([a, b]);
    expect(hole(a)).toMatchObject({ startDepth: 45, startRunNumber: 16 });
    expect(hole(b)).toMatchObject({ startDepth: 45, startRunNumber: 16 });
  });
});

describe('correcting runs', () => {
  it('re-measures an edited run where it was recorded and moves later runs without re-measuring them', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH, constantStickUp: 0.5 });
    const first = addRun(doc, DH, rod(0.5));
    const second = addRun(doc, DH, rod(0.5));
    addRun(doc, DH, { ...rod(0), rodAdded: false, oriToolUsed: true });
    updateRun(doc, first, { stickUp: 0.2, notes: 'fixed' });
    expect(hole(doc)?.runs.map((r) => [r.runNumber, r.fromDepth, r.toDepth, r.length])).toEqual([
      [1, 0, 3.3, 3.3],
      [2, 3.3, 5.8, 2.5],
      // Without a rod: the 0.5 m run 2 left, and the ori tool's 0.4 m.
      [3, 5.8, 6.7, 0.9],
    ]);
    expect(hole(doc)?.runs[0]?.notes).toBe('fixed');
    removeRun(doc, second);
    expect(hole(doc)?.runs.map((r) => [r.runNumber, r.fromDepth, r.toDepth, r.length])).toEqual([
      [1, 0, 3.3, 3.3],
      [2, 3.3, 4.2, 0.9],
    ]);
  });

  it('refuses an edit the run rules refuse, and changes nothing', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH });
    addRun(doc, DH, rod(0.5));
    const second = addRun(doc, DH, rod(0.5));
    const before = readReport(doc);
    expect(() => updateRun(doc, second, { stickUp: 3.4 })).toThrow(
      'Stick-up must be from 0 to 3 m',
    );
    expect(readReport(doc)).toEqual(before);
  });

  it('lets a hole marked complete by one phone stay complete when another reopens it apart', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH });
    syncAll([a, b]);
    writeComplete(a, DH, true);
    writeComplete(b, DH, false);
    syncAll([a, b]);
    expect(hole(a)?.status).toBe('COMPLETE');
    expect(hole(b)?.status).toBe('COMPLETE');
  });
});

describe('undo of a choice', () => {
  const LOCAL = Symbol('local');

  it('brings both phones’ values back, and an edited run back to its old length', () => {
    const [a, b] = twoPhones();
    addHoleToReport(a, { holeId: DH, targetDepth: 120 });
    const run = addRun(a, DH, rod(0.5));
    addHoleToReport(b, { holeId: DH, targetDepth: 150 });
    syncAll([a, b]);
    const undo = createReportUndo(a, { localOrigin: LOCAL });
    a.transact(() => chooseHoleSetting(a, DH, 'targetDepth', 150), LOCAL);
    a.transact(() => updateRun(a, run, { stickUp: 0.2 }), LOCAL);
    expect(hole(a)?.runs.find((r) => r.id === run)?.length).toBe(3.3);
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'run edited' });
    expect(hole(a)?.runs.find((r) => r.id === run)?.length).toBe(3);
    expect(undo.next()?.label).toBe('hole edited');
    undo.undo();
    expect(hole(a)?.conflicts.map((c) => c.setting)).toEqual(['targetDepth']);
    undo.destroy();
  });
});
