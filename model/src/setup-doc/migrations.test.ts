import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { initHolesDoc, migrateHolesDoc, registerHole } from '../holes-doc/holes-doc.ts';
import type { SiteId } from '../ids/ids.ts';
import { migratedApart } from '../report-doc/testing.ts';
import { SETUP_SCHEMA_VERSION, setupMap } from '../kernel/setup-keys.ts';
import { migrateSetupDoc, readSetup } from './setup-doc.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1';
const TOOL = '0190a000-0000-7000-8000-0000000000c1';

/** A setup document as version 1 stored it: tool names under `name`, cleared emails as ''. */
function v1Setup(): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    const site = new Y.Map<unknown>();
    site.set('siteName', 'North Pit');
    site.set('supervisorEmail', '  ');
    setupMap(doc, 'sites').set(SITE, site);
    const tool = new Y.Map<unknown>();
    tool.set('name', 'Core tray');
    tool.set('ratePerHour', 4.5);
    tool.set('siteId', SITE);
    setupMap(doc, 'hireTools').set(TOOL, tool);
  });
  return doc;
}

describe('setup migrations', () => {
  it('moves v1 tool names to toolName and empty supervisor emails to null', () => {
    const doc = v1Setup();
    expect(migrateSetupDoc(doc)).toEqual({ from: 1, to: SETUP_SCHEMA_VERSION, applied: [2, 3] });
    const snapshot = readSetup(doc);
    expect(snapshot.schemaVersion).toBe(SETUP_SCHEMA_VERSION);
    expect(snapshot.hireTools).toEqual([
      { id: TOOL, toolName: 'Core tray', toolDescription: null, ratePerHour: 4.5, siteId: SITE },
    ]);
    expect(snapshot.sites[0]?.supervisorEmail).toBeNull();
    expect(setupMap(doc, 'hireTools').toJSON()[TOOL]).not.toHaveProperty('name');
    expect(migrateSetupDoc(doc).applied).toEqual([]);
  });

  it('converges when two replicas migrate concurrently', () => {
    const [a, b] = migratedApart(v1Setup(), migrateSetupDoc);
    expect(readSetup(a)).toEqual(readSetup(b));
    expect(readSetup(a).hireTools[0]?.toolName).toBe('Core tray');
  });
});

describe('hole register migrations', () => {
  it('leaves an empty register alone and a current one unchanged', () => {
    const doc = new Y.Doc();
    expect(migrateHolesDoc(doc)).toEqual({ from: 0, to: 0, applied: [] });
    initHolesDoc(doc);
    registerHole(doc, SITE as SiteId, { holeId: 'DH-1' });
    expect(migrateHolesDoc(doc)).toEqual({ from: 2, to: 2, applied: [] });
  });
});
