import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isModelError } from '../errors/errors.ts';
import { ReportIds } from '../ids/ids.ts';
import { META, REPORT_SCHEMA_VERSION, reportMap } from './keys.ts';
import { V1_IS_PRIMARY_KEY, migrateReportDoc } from './migrations.ts';
import { readReport } from './snapshot.ts';
import { newReportDoc, replicasOf, syncAll } from './testing.ts';

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
    expect(migrateReportDoc(doc)).toEqual({ from: 1, to: REPORT_SCHEMA_VERSION, applied: [2] });
    const snapshot = readReport(doc);
    expect(snapshot.schemaVersion).toBe(2);
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
    const [a, b] = replicasOf(v1Report(), 2) as [Y.Doc, Y.Doc];
    migrateReportDoc(a);
    migrateReportDoc(b);
    syncAll([a, b]);
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
