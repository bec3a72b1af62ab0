import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import { addHoleToReport, readReportHoles } from '../hole/report-hole-doc.ts';
import { readHistory } from '../history/read.ts';
import { reportRuns } from '../kernel/report-keys.ts';
import { newReportDoc, replicasOf, syncInto } from '../report-doc/testing.ts';
import { addRun, removeRun, updateRun } from './run-doc.ts';
import { readStoredRuns } from './run-store.ts';

const HOLE = 'DH-2025-001' as HoleId;

/** The item at `index`, which the test has just made. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

function reportWithHole(): Y.Doc {
  const doc = newReportDoc();
  addHoleToReport(doc, { holeId: HOLE, targetDepth: 900, constantStickUp: 0.4 });
  return doc;
}

/** The same state read by a document that never read it before (nothing kept from earlier reads). */
function freshRead(doc: Y.Doc) {
  const copy = nth(replicasOf(doc, 1), 0);
  return { holes: readReportHoles(copy), runs: readStoredRuns(copy) };
}

function expectSameAsFresh(doc: Y.Doc): void {
  const fresh = freshRead(doc);
  expect(readStoredRuns(doc)).toEqual(fresh.runs);
  expect(readReportHoles(doc)).toEqual(fresh.holes);
}

describe('reading a hole of many runs', () => {
  it('parses and chains a run once, and again only when it changes', () => {
    const doc = reportWithHole();
    for (let i = 0; i < 5; i += 1) addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    const before = readStoredRuns(doc);
    const chainBefore = nth(readReportHoles(doc), 0).runs;
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.2 });
    const after = readStoredRuns(doc);
    const chainAfter = nth(readReportHoles(doc), 0).runs;
    // The five earlier runs are the very objects read before: not parsed or chained again.
    expect(after.slice(0, 5).every((run, i) => run === before[i])).toBe(true);
    expect(chainAfter.slice(0, 5).every((run, i) => run === chainBefore[i])).toBe(true);
    expect(chainAfter).toHaveLength(6);
    // A changed run is read again, and so is every run chained after it.
    updateRun(doc, nth(before, 2).id, { stickUp: 1 });
    const edited = nth(readReportHoles(doc), 0).runs;
    expect(edited[1]).toBe(chainAfter[1]);
    expect(edited[2]).not.toBe(chainAfter[2]);
    expect(nth(edited, 2).stickUp).toBe(1);
    expect(nth(edited, 3).fromDepth).toBe(nth(edited, 2).toDepth);
    expectSameAsFresh(doc);
  });

  it('reads what another phone changed, merged after a read', () => {
    const doc = reportWithHole();
    for (let i = 0; i < 4; i += 1) addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    const phone = nth(replicasOf(doc, 1), 0);
    readReportHoles(doc);
    const id = nth(readStoredRuns(phone), 1).id;
    updateRun(phone, id, { stickUp: 0.1, notes: 'soft ground' });
    removeRun(phone, nth(readStoredRuns(phone), 3).id);
    addRun(phone, HOLE, { rodAdded: true, stickUp: 0.3, oriToolUsed: true });
    syncInto(phone, doc);
    const run = readStoredRuns(doc).find((r) => r.id === id);
    expect(run?.stickUp).toBe(0.1);
    expect(run?.notes).toBe('soft ground');
    expect(readStoredRuns(doc)).toHaveLength(4);
    expectSameAsFresh(doc);
  });

  it('reads a change made earlier in the same transaction', () => {
    const doc = reportWithHole();
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    readReportHoles(doc);
    doc.transact(() => {
      const entry = reportRuns(doc).get(1);
      entry.set('notes', 'core lost');
      entry.delete('notes');
      entry.set('notes', 'core kept');
      expect(nth(readStoredRuns(doc), 1).notes).toBe('core kept');
      reportRuns(doc).delete(0, 1);
      expect(nth(readReportHoles(doc), 0).runs).toHaveLength(1);
    });
    expectSameAsFresh(doc);
  });

  it('records every change in the history, however often the report was read', () => {
    const doc = reportWithHole();
    for (let i = 0; i < 3; i += 1) addRun(doc, HOLE, { rodAdded: true, stickUp: 0.5 });
    readReportHoles(doc);
    const id = nth(readStoredRuns(doc), 0).id;
    updateRun(doc, id, { stickUp: 0.8 });
    updateRun(doc, id, { notes: 'fractured' });
    removeRun(doc, nth(readStoredRuns(doc), 2).id);
    const changes = readHistory(doc)
      .filter((entry) => entry.section === 'runs')
      .map(({ kind, entryId, field, old, new: value }) => ({ kind, entryId, field, old, value }));
    const removed = changes.at(-1);
    expect(changes.filter((c) => c.kind === 'add')).toHaveLength(3);
    expect(changes).toContainEqual({
      kind: 'change',
      entryId: id,
      field: 'stickUp',
      old: 0.5,
      value: 0.8,
    });
    expect(changes).toContainEqual({
      kind: 'change',
      entryId: id,
      field: 'notes',
      old: null,
      value: 'fractured',
    });
    expect(removed?.kind).toBe('remove');
  });
});
