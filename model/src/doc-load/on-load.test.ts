import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ReportIds } from '../ids/ids.ts';
import { REPORT_SCHEMA_VERSION } from '../kernel/report-keys.ts';
import { REPORT_MIGRATIONS } from '../report-doc/migrations.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import { SETUP_SCHEMA_VERSION } from '../kernel/setup-keys.ts';
import { readSetup } from '../setup-doc/setup-doc.ts';
import { reportDocName } from '../docs/doc-names.ts';
import { migrateOnLoad } from './on-load.ts';
import { V1_CREW, newerReportDoc, v1ReportDoc, v1SetupDoc } from '../docs/schema-fixtures.ts';
import { SCHEMA_MARKS_ROOT } from '../docs/schema-versions.ts';

const id = ReportIds.create();
const name = reportDocName(id);
const crewFlags = (doc: Y.Doc) =>
  Object.values(doc.getMap('crew').toJSON() as Record<string, Record<string, unknown>>).filter(
    (entry) => 'isPrimary' in entry,
  ).length;

describe('migrating a document as it loads', () => {
  it('brings a version 1 plod to the current version, on a device as on the server', () => {
    for (const by of ['device', 'server'] as const) {
      const doc = v1ReportDoc(id);
      expect(migrateOnLoad(name, doc, by)).toEqual({
        kind: 'report',
        outcome: 'migrated',
        from: 1,
        to: REPORT_SCHEMA_VERSION,
        applied: REPORT_MIGRATIONS.map((m) => m.version),
      });
      const snapshot = readReport(doc);
      expect(snapshot.schemaVersion).toBe(REPORT_SCHEMA_VERSION);
      expect(snapshot.primaryAssignmentId).toBe(V1_CREW.bob);
      expect(snapshot.summary.operator).toBe('Bob');
      expect(crewFlags(doc)).toBe(0);
      expect(doc.getMap(SCHEMA_MARKS_ROOT).get(String(REPORT_SCHEMA_VERSION))).toBe(true);
      // A second load finds nothing to do and writes nothing.
      const before = Y.encodeStateVector(doc);
      expect(migrateOnLoad(name, doc, by)).toMatchObject({ outcome: 'unchanged' });
      expect(Y.encodeStateVector(doc)).toEqual(before);
    }
  });

  it('ends in one state when two phones migrate the same old plod apart and then merge', () => {
    const [a, b] = replicasOf(v1ReportDoc(id), 2) as [Y.Doc, Y.Doc];
    migrateOnLoad(name, a, 'device');
    migrateOnLoad(name, b, 'device');
    // Each wrote on its own: their states differ until they merge.
    expect(Y.encodeStateVector(a)).not.toEqual(Y.encodeStateVector(b));
    syncAll([a, b]);
    expect(Y.encodeStateAsUpdate(a)).toEqual(Y.encodeStateAsUpdate(b));
    expect(readReport(a)).toEqual(readReport(b));
    expect(readReport(a).primaryAssignmentId).toBe(V1_CREW.bob);
    expect(crewFlags(a)).toBe(0);
  });

  it('leaves a newer plod exactly as it is', () => {
    const doc = newerReportDoc(id, REPORT_SCHEMA_VERSION + 1);
    const before = Y.encodeStateAsUpdate(doc);
    expect(migrateOnLoad(name, doc, 'server')).toEqual({
      kind: 'report',
      outcome: 'newer',
      version: REPORT_SCHEMA_VERSION + 1,
      understands: REPORT_SCHEMA_VERSION,
    });
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it('lets a device leave a submitted plod to the server; the server migrates it', () => {
    const device = v1ReportDoc(id, { status: 'sent' });
    const before = Y.encodeStateVector(device);
    expect(migrateOnLoad(name, device, 'device')).toEqual({
      kind: 'report',
      outcome: 'left-to-server',
      version: 1,
    });
    expect(Y.encodeStateVector(device)).toEqual(before);
    const server = v1ReportDoc(id, { status: 'sent' });
    expect(migrateOnLoad(name, server, 'server')).toMatchObject({ outcome: 'migrated' });
  });

  it('leaves an empty or current document alone and knows nothing of the reports index', () => {
    expect(migrateOnLoad(name, new Y.Doc(), 'device')).toEqual({
      kind: 'report',
      outcome: 'unchanged',
      version: 0,
    });
    expect(migrateOnLoad(name, newReportDoc(), 'device')).toMatchObject({ outcome: 'unchanged' });
    expect(migrateOnLoad('reports-index', v1ReportDoc(id), 'server')).toBeNull();
  });

  it('migrates the setup document by its name', () => {
    const doc = v1SetupDoc();
    expect(migrateOnLoad('setup', doc, 'device')).toMatchObject({
      kind: 'setup',
      outcome: 'migrated',
      to: SETUP_SCHEMA_VERSION,
    });
    expect(readSetup(doc).hireTools[0]?.toolName).toBe('Core tray');
  });
});
