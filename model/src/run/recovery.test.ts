import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId, RunId } from '../ids/ids.ts';
import { ModelError } from '../errors/errors.ts';
import { addHoleToReport, readReportHoles } from '../hole/report-hole-doc.ts';
import { describeHistory } from '../history-view/describe.ts';
import { readHistory } from '../history/read.ts';
import { describeReportChanges } from '../report-doc/changes.ts';
import { reportRuns } from '../kernel/report-keys.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import {
  RECOVERED_NOT_A_NUMBER,
  checkRecoveredText,
  recoveryOver,
  recoveryRefusal,
  recoveryTotal,
  recoveryWords,
  runRecoveryPercent,
  shortRecovery,
} from './recovery.ts';
import { addRun, updateRun } from './run-doc.ts';
import { checkRunForm } from './run-rules.ts';
import { readStoredRuns } from './run-store.ts';

const HOLE = 'DH-2025-001' as HoleId;

function reportWithHole(): Y.Doc {
  const doc = newReportDoc();
  addHoleToReport(doc, { holeId: HOLE, targetDepth: 900, constantStickUp: 0.4 });
  return doc;
}

function runsOf(doc: Y.Doc) {
  return readReportHoles(doc)[0]?.runs ?? [];
}

describe('recovery percent', () => {
  it('is recovered over run length, and null when not recorded or nothing was drilled', () => {
    expect(runRecoveryPercent({ recoveredLength: 2.7, length: 3 })).toBeCloseTo(90);
    expect(runRecoveryPercent({ recoveredLength: null, length: 3 })).toBeNull();
    expect(runRecoveryPercent({ recoveredLength: 0, length: 0 })).toBeNull();
    expect(shortRecovery({ recoveredLength: 2.95, length: 3 })).toBe('Rec 98%');
    expect(shortRecovery({ recoveredLength: null, length: 3 })).toBeNull();
  });

  it('adds up only runs that recorded a recovery, on both sides of the ratio', () => {
    const total = recoveryTotal([
      { recoveredLength: 2.7, length: 3 },
      { recoveredLength: null, length: 3 },
      { recoveredLength: 3.1, length: 3.1 },
    ]);
    expect(total).toMatchObject({ recovered: 5.8, drilled: 6.1, runs: 2 });
    expect(total.percent).toBeCloseTo(95.08, 2);
    expect(recoveryWords(total)).toBe('95.1% (5.8 of 6.1 m)');
    expect(recoveryWords(recoveryTotal([{ recoveredLength: null, length: 3 }]))).toBe(
      'Not recorded',
    );
  });

  it('says when a merged recovery is over 100%', () => {
    expect(recoveryOver(runRecoveryPercent({ recoveredLength: 3.2, length: 3 }))).toBe(true);
    expect(recoveryOver(runRecoveryPercent({ recoveredLength: 3, length: 3 }))).toBe(false);
    expect(recoveryOver(null)).toBe(false);
  });
});

describe('the recovery rule', () => {
  it('refuses over 100%, a recovery from a 0 m run and a negative length', () => {
    expect(recoveryRefusal(null, 3)).toBeNull();
    expect(recoveryRefusal(3, 3)).toBeNull();
    expect(recoveryRefusal(0, 0)).toBeNull();
    expect(recoveryRefusal(3.01, 3)).toBe('over-length');
    expect(recoveryRefusal(0.5, 0)).toBe('no-run');
    expect(recoveryRefusal(-1, 3)).toBe('negative');
  });

  it('checks the typed text beside the field: blank is not recorded, never a guessed number', () => {
    expect(checkRecoveredText('', 3)).toEqual({ value: null, error: null });
    expect(checkRecoveredText('2,9', 3)).toEqual({ value: 2.9, error: null });
    expect(checkRecoveredText('lots', 3)).toEqual({ value: null, error: RECOVERED_NOT_A_NUMBER });
    expect(checkRecoveredText('3.5', 3).error).toBe(
      "Recovered length can be at most the run's 3.0 m (100%)",
    );
  });

  it('is the run form’s check, against the length the run would have', () => {
    const later = { isFirstOfHole: false, previousStickUp: 0.5, constantStickUp: 0.4 };
    const values = { rodAdded: true, stickUp: '0.5', oriToolUsed: false, notes: '' };
    const fine = checkRunForm('run-sheet', { ...values, recoveredLength: '2.4' }, later);
    expect(fine.input?.recoveredLength).toBe(2.4);
    const over = checkRunForm('run-sheet', { ...values, recoveredLength: '2.6' }, later);
    expect(over.input).toBeNull();
    expect(over.recoveredError).toBe("Recovered length can be at most the run's 2.5 m (100%)");
  });
});

describe('recording recovery on runs', () => {
  it('stores it on the run, refuses over 100%, and changes or clears it in an edit', () => {
    const doc = reportWithHole();
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.6 });
    const second = addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5, recoveredLength: 2.4 });
    expect(runsOf(doc).map((r) => r.recoveredLength)).toEqual([null, 2.4]);
    expect(() => addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5, recoveredLength: 2.6 })).toThrow(
      new ModelError('run-not-allowed', "Recovered length can be at most the run's 2.5 m (100%)"),
    );
    updateRun(doc, second, { recoveredLength: 2.5 });
    expect(runsOf(doc)[1]?.recoveredLength).toBe(2.5);
    // A change of stick-up that leaves the run shorter than its recovery is refused.
    expect(() => updateRun(doc, second, { stickUp: 1 })).toThrow(ModelError);
    updateRun(doc, second, { recoveredLength: null });
    expect(runsOf(doc)[1]?.recoveredLength).toBeNull();
  });

  it('records the change in the history as "Recovered length", in metres', () => {
    const doc = reportWithHole();
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.6 });
    const id = addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    updateRun(doc, id, { recoveredLength: 2.4 });
    const lines = describeHistory(readHistory(doc), {}).map((d) => d.text);
    expect(lines.at(-1)).toMatch(/Recovered length .*2\.4 m/);
  });

  it('names a recovery change in a late edit’s lines', () => {
    const doc = reportWithHole();
    const id = addRun(doc, HOLE, { rodAdded: true, stickUp: 0.6 });
    const before = readReport(doc);
    updateRun(doc, id, { recoveredLength: 2.8 });
    const lines = describeReportChanges(before, readReport(doc)).map((c) => c.text);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Run 1 recovered length .*2\.8 m$/);
  });

  it('reads a run stored before recovery as not recorded, and a malformed value leniently', () => {
    const doc = reportWithHole();
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.6 });
    // A run as older versions wrote it: no recoveredLength field at all.
    expect(reportRuns(doc).get(0)).toBeInstanceOf(Y.Map);
    expect((reportRuns(doc).get(0) as Y.Map<unknown>).has('recoveredLength')).toBe(false);
    const odd = new Y.Map<unknown>();
    doc.transact(() => {
      reportRuns(doc).push([odd]);
      odd.set('id', 'run-odd' as RunId);
      odd.set('holeId', HOLE);
      odd.set('rodAdded', true);
      odd.set('stickUp', 0.5);
      odd.set('recoveredLength', 'about three');
    });
    expect(readStoredRuns(doc).map((r) => r.recoveredLength)).toEqual([null, null]);
    expect(runsOf(doc)).toHaveLength(2);
  });
});
