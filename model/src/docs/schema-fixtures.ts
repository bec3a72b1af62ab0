import * as Y from 'yjs';
import { SCHEMA_MARKS_ROOT } from './schema-versions.ts';

// @plod/model/testing: documents as older and newer versions of Plod stored them, for the tests of
// every package. Each is built from its raw Yjs shape, never through today's mutations, so a test of
// a migration starts from what an older app really wrote.

/** Crew assignment ids of the version 1 report, in id order. */
export const V1_CREW = {
  ann: '0190a000-0000-7000-8000-00000000c0a1',
  bob: '0190a000-0000-7000-8000-00000000c0b2',
  cy: '0190a000-0000-7000-8000-00000000c0c3',
} as const;

export interface FixtureOptions {
  /** The report's status (version 1 knew active, completed, sent and deleted). */
  status?: string;
  /** Y.Doc client id, so two fixtures made alike are the same document. */
  clientID?: number;
}

function fixtureDoc(clientID: number | undefined): Y.Doc {
  const doc = new Y.Doc();
  if (clientID !== undefined) doc.clientID = clientID;
  return doc;
}

function setAll(map: Y.Map<unknown>, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) map.set(key, value);
}

/** The site and rig the fixtures' shifts name (no setup document holds them). */
export const FIXTURE_SHIFT = {
  siteId: '0190a000-0000-7000-8000-0000000000a1',
  rigId: '0190a000-0000-7000-8000-0000000000b1',
} as const;

function writeShift(doc: Y.Doc): void {
  setAll(doc.getMap('shift'), {
    date: '2025-07-14',
    shiftType: 'day',
    startTime: '06:00',
    endTime: '18:00',
    siteId: FIXTURE_SHIFT.siteId,
    rigId: FIXTURE_SHIFT.rigId,
    siteName: 'North Pit',
    rigName: 'Rig 7',
  });
}

/**
 * A report as version 1 stored it: no `schemaVersion`, and a primary-driller flag (`isPrimary`) on
 * each crew assignment, set here on all three (an offsider's included), as two phones could. Version
 * 2's rule makes Bob primary: the earliest flagged driller by assignment id (Ann is an offsider).
 */
export function v1ReportDoc(reportId: string, options: FixtureOptions = {}): Y.Doc {
  const doc = fixtureDoc(options.clientID);
  doc.transact(() => {
    setAll(doc.getMap('meta'), {
      reportId,
      status: options.status ?? 'active',
      createdAt: '2025-07-14T06:02:00.000Z',
      updatedAt: '2025-07-14T07:40:00.000Z',
      notes: null,
    });
    writeShift(doc);
    const crew = doc.getMap('crew');
    for (const [id, name, role] of [
      [V1_CREW.cy, 'Cy', 'driller'],
      [V1_CREW.ann, 'Ann', 'offsider'],
      [V1_CREW.bob, 'Bob', 'driller'],
    ] as const) {
      const entry = new Y.Map<unknown>();
      setAll(entry, { crewMemberName: name, role, isPrimary: true, createdAt: null });
      crew.set(id, entry);
    }
  });
  return doc;
}

/** The crew assignment of the newer report (Dee, its primary driller). */
export const NEWER_CREW = { dee: '0190a000-0000-7000-8000-00000000c0d4' } as const;

/**
 * A report as a future version of Plod (`version`) stored it: stamped with that version (its meta key
 * and its mark), with a primary driller as today, and a root no version of today's code knows.
 */
export function newerReportDoc(
  reportId: string,
  version: number,
  options: FixtureOptions = {},
): Y.Doc {
  const doc = fixtureDoc(options.clientID);
  doc.transact(() => {
    setAll(doc.getMap('meta'), {
      schemaVersion: version,
      reportId,
      status: options.status ?? 'active',
      createdAt: '2031-03-02T06:00:00.000Z',
      notes: 'Saved by a newer Plod',
      primaryAssignmentId: NEWER_CREW.dee,
    });
    const dee = new Y.Map<unknown>();
    setAll(dee, { crewMemberName: 'Dee', role: 'driller', createdAt: null });
    doc.getMap('crew').set(NEWER_CREW.dee, dee);
    doc.getMap(SCHEMA_MARKS_ROOT).set(String(version), true);
    writeShift(doc);
    setAll(doc.getMap('futureLayout'), { drilledMetres: 12.5 });
  });
  return doc;
}

/** Library tool and site ids of the version 1 setup. */
export const V1_SETUP = {
  site: '0190a000-0000-7000-8000-0000000000a1',
  tool: '0190a000-0000-7000-8000-0000000000c1',
} as const;

/** A setup document as version 1 stored it: a tool's name under `name`, a cleared email as ''. */
export function v1SetupDoc(options: FixtureOptions = {}): Y.Doc {
  const doc = fixtureDoc(options.clientID);
  doc.transact(() => {
    const site = new Y.Map<unknown>();
    setAll(site, { siteName: 'North Pit', supervisorEmail: '  ' });
    doc.getMap('sites').set(V1_SETUP.site, site);
    const tool = new Y.Map<unknown>();
    setAll(tool, { name: 'Core tray', ratePerHour: 4.5, siteId: V1_SETUP.site });
    doc.getMap('hireTools').set(V1_SETUP.tool, tool);
  });
  return doc;
}
