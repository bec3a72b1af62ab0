import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isModelError } from '../errors/errors.ts';
import { ReportIds } from '../ids/ids.ts';
import { RUN_MEASURE_KEY } from '../run/run-store.ts';
import { META, REPORT_SCHEMA_VERSION, reportMap, reportRuns } from '../kernel/report-keys.ts';
import { V1_IS_PRIMARY_KEY, migrateReportDoc } from './migrations.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { readReport } from './snapshot.ts';
import { migratedApart, newReportDoc, replicasOf, syncAll } from './testing.ts';

const A = '0190a000-0000-7000-8000-000000000001';
const B = '0190a000-0000-7000-8000-000000000002';
const C = '0190a000-0000-7000-8000-000000000003';

/** A report as version 1 stored it: a primary flag on each assignment, no register, no version. */
function v1Report(): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    const meta = reportMap(doc, 'meta');
    meta.set(META.reportId, ReportIds.create());
    meta.set(META.status, 'active');
    const crew = reportMap(doc, 'crew');
    for (const [id, name, role, flag] of [
      [C, 'Cy', 'driller', true],
      [A, 'Ann', 'offsider', true],
      [B, 'Bob', 'driller', true],
    ] as const) {
      const entry = new Y.Map<unknown>();
      entry.set('crewMemberName', name);
      entry.set('role', role);
      entry.set(V1_IS_PRIMARY_KEY, flag);
      crew.set(id, entry);
    }
  });
  return doc;
}

function flagsLeft(doc: Y.Doc): number {
  let count = 0;
  reportMap(doc, 'crew').forEach((entry) => {
    if (entry instanceof Y.Map && entry.has(V1_IS_PRIMARY_KEY)) count += 1;
  });
  return count;
}

describe('report migrations', () => {
  it('moves v1 primary flags into one register, choosing the earliest flagged driller', () => {
    const doc = v1Report();
    expect(migrateReportDoc(doc)).toEqual({
      from: 1,
      to: REPORT_SCHEMA_VERSION,
      applied: [2, 3],
    });
    const snapshot = readReport(doc);
    expect(snapshot.schemaVersion).toBe(REPORT_SCHEMA_VERSION);
    expect(snapshot.crew.filter((a) => a.isPrimary).map((a) => a.id)).toEqual([B]);
    expect(flagsLeft(doc)).toBe(0);
  });

  it('does nothing the second time', () => {
    const doc = v1Report();
    migrateReportDoc(doc);
    const before = Y.encodeStateVector(doc);
    expect(migrateReportDoc(doc).applied).toEqual([]);
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });

  it('gives the same result when two replicas migrate the same v1 state concurrently', () => {
    const [a, b] = migratedApart(v1Report(), migrateReportDoc);
    expect(readReport(a)).toEqual(readReport(b));
    expect(readReport(a).primaryAssignmentId).toBe(B);
    expect(flagsLeft(a)).toBe(0);
  });

  it('leaves an empty (not yet synced) document alone and a current one unchanged', () => {
    const empty = new Y.Doc();
    expect(migrateReportDoc(empty)).toEqual({ from: 0, to: 0, applied: [] });
    expect(reportMap(empty, 'meta').size).toBe(0);
    expect(migrateReportDoc(newReportDoc()).applied).toEqual([]);
  });

  it('refuses a document from a newer app version', () => {
    const doc = newReportDoc();
    reportMap(doc, 'meta').set(META.schemaVersion, REPORT_SCHEMA_VERSION + 1);
    try {
      migrateReportDoc(doc);
      expect.unreachable();
    } catch (error) {
      expect(isModelError(error, 'unsupported-schema-version')).toBe(true);
    }
  });
});

const DH1 = 'DH-2025-001';

function legacyHoleEntry(constantStickUp: number): Y.Map<unknown> {
  const entry = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({
    dip: -60,
    azimuth: 0,
    targetDepth: 100,
    constantStickUp,
    hasOriExtension: false,
    oriToolLength: 0.4,
    barrelType: 'NQ',
    startDepth: 0,
    startRunNumber: 1,
    startStickUp: 0,
    isComplete: false,
    addedAt: '2025-07-14T06:00:00.000Z',
  }))
    entry.set(key, value);
  return entry;
}

function legacyRun(id: string, style: string, rodAdded: boolean, stickUp: number): Y.Map<unknown> {
  const entry = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({
    id,
    holeId: DH1,
    style,
    rodAdded,
    stickUp,
    oriToolUsed: false,
    notes: null,
    barrelType: 'NQ',
    createdAt: '2025-07-14T07:00:00.000Z',
  }))
    entry.set(key, value);
  return entry;
}

/** A report as version 2 stored it: one entry per hole, runs with inputs only. */
function v2Report(): Y.Doc {
  const doc = newReportDoc();
  doc.transact(() => {
    reportMap(doc, 'meta').set(META.schemaVersion, 2);
    reportMap(doc, 'holes').set(DH1, legacyHoleEntry(0.5));
    reportRuns(doc).push([
      legacyRun(A, 'run-sheet', true, 0.5),
      legacyRun(B, 'add-run', true, 0.3),
      legacyRun(C, 'add-run', false, 0),
    ]);
  });
  return doc;
}

/** A snapshot without what runs recorded (which the migration adds). */
function withoutRecorded(snapshot: ReportSnapshot) {
  return {
    ...snapshot,
    holes: snapshot.holes.map((h) => ({
      ...h,
      runs: h.runs.map((r) => ({ ...r, recorded: null })),
    })),
  };
}

const lengths = (doc: Y.Doc) => readReport(doc).holes[0]?.runs.map((r) => r.length);

describe('report migration 3: runs record what they measured', () => {
  it('records each run as it reads today, so the snapshot is unchanged', () => {
    const doc = v2Report();
    const before = readReport(doc);
    // 4 m less 0.5 and the hole's 0.5 m; 3 m less 0.3; a no-rod run drills the 0.3 m left.
    expect(before.holes[0]?.runs.map((r) => r.length)).toEqual([3, 2.7, 0.3]);
    expect(migrateReportDoc(doc)).toEqual({ from: 2, to: REPORT_SCHEMA_VERSION, applied: [3] });
    const after = readReport(doc);
    expect(after.holes[0]?.runs.every((r) => r.recorded !== null)).toBe(true);
    expect(withoutRecorded(after)).toEqual({
      ...withoutRecorded(before),
      schemaVersion: REPORT_SCHEMA_VERSION,
      updatedAt: after.updatedAt,
    });
    reportRuns(doc).forEach((entry) => expect(entry.get(RUN_MEASURE_KEY)).toBeDefined());
  });

  it('keeps the lengths when an old phone later replaces the hole entry with another stick-up', () => {
    const [migrated, old] = replicasOf(v2Report(), 2) as [Y.Doc, Y.Doc];
    migrateReportDoc(migrated);
    // The old version wrote a whole new entry for the hole, as two phones starting it apart did.
    reportMap(old, 'holes').set(DH1, legacyHoleEntry(0.2));
    expect(lengths(old)).toEqual([3.3, 2.7, 0.3]);
    syncAll([migrated, old]);
    expect(lengths(migrated)).toEqual([3, 2.7, 0.3]);
    expect(lengths(old)).toEqual([3, 2.7, 0.3]);
  });

  it('converges when two replicas migrate the same state concurrently', () => {
    const [a, b] = migratedApart(v2Report(), migrateReportDoc);
    expect(readReport(a)).toEqual(readReport(b));
    expect(lengths(a)).toEqual([3, 2.7, 0.3]);
  });
});
