import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { SiteId } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import { addCrewMember, updateCrewMember } from '../crew-member/crew-member-doc.ts';
import { addHireTool } from '../hire-tool/hire-tool-library-doc.ts';
import { addRig, deleteRig, updateRig } from '../rig/rig-doc.ts';
import { addSite, archiveSite, deleteSite, updateSite } from '../site/site-doc.ts';
import { SITE_NAME_REQUIRED } from '../site/site.ts';
import { newSetupDoc, syncAll } from '../report-doc/testing.ts';
import { SETUP_SCHEMA_VERSION, setupMap, setupSiteCount } from '../kernel/setup-keys.ts';
import { readSetup } from './setup-doc.ts';

describe('setup document', () => {
  it('counts the sites readSetup lists, archived ones too, and nothing that is not an entry', () => {
    const doc = newSetupDoc();
    expect(setupSiteCount(doc)).toBe(0);
    const north = addSite(doc, { siteName: 'North' });
    addSite(doc, { siteName: 'South' });
    archiveSite(doc, north);
    // A stray value under the sites root (no entry Y.Map) is no site.
    setupMap(doc, 'sites').set('stray', 'not a site');
    expect(setupSiteCount(doc)).toBe(2);
    expect(setupSiteCount(doc)).toBe(readSetup(doc).sites.length);
    deleteSite(doc, north);
    expect(setupSiteCount(doc)).toBe(1);
  });

  it('adds a site with cleanup 30 days, auto cleanup on and no supervisor email', () => {
    const doc = newSetupDoc();
    const id = addSite(doc, { siteName: '  North Pit ' });
    expect(readSetup(doc).sites).toEqual([
      expect.objectContaining({
        id,
        siteName: 'North Pit',
        autoCleanupDays: 30,
        enableAutoCleanup: true,
        supervisorEmail: null,
      }),
    ]);
    expect(readSetup(doc).schemaVersion).toBe(SETUP_SCHEMA_VERSION);
  });

  it("refuses a blank site name with 'Site name is required'", () => {
    expect(() => addSite(newSetupDoc(), { siteName: ' ' })).toThrow(SITE_NAME_REQUIRED);
  });

  it('updates settings, ignoring cleanup days out of range and saving an empty email as null', () => {
    const doc = newSetupDoc();
    const id = addSite(doc, { siteName: 'A' });
    updateSite(doc, id, {
      autoCleanupDays: 90,
      supervisorEmail: 'boss@example.com',
      enableAutoCleanup: false,
    });
    updateSite(doc, id, { autoCleanupDays: 400, supervisorEmail: '' });
    expect(readSetup(doc).sites[0]).toMatchObject({
      autoCleanupDays: 90,
      supervisorEmail: null,
      enableAutoCleanup: false,
    });
  });

  it('needs an existing site for a rig, and adds, edits and deletes rigs and crew', () => {
    const doc = newSetupDoc();
    const site = addSite(doc, { siteName: 'A' });
    try {
      addRig(doc, { rigName: 'R', siteId: '0190a000-0000-7000-8000-00000000ffff' as SiteId });
      expect.unreachable();
    } catch (error) {
      expect(isModelError(error, 'not-found')).toBe(true);
    }
    const rig = addRig(doc, { rigName: 'Rig 7', rigNumber: 7, siteId: site });
    updateRig(doc, rig, { rigName: 'Rig 8' });
    const member = addCrewMember(doc, { memberName: 'Bob', siteId: site });
    updateCrewMember(doc, member, { role: 'offsider' });
    const snapshot = readSetup(doc);
    expect(snapshot.rigs).toEqual([{ id: rig, rigName: 'Rig 8', rigNumber: '7', siteId: site }]);
    expect(snapshot.crewMembers[0]).toMatchObject({
      memberName: 'Bob',
      role: 'offsider',
      isActive: true,
    });
    expect(deleteRig(doc, rig)).toBe(true);
    expect(readSetup(doc).rigs).toEqual([]);
  });

  it('deletes a site together with its rigs, crew and hire tools, and nothing of other sites', () => {
    const doc = newSetupDoc();
    const a = addSite(doc, { siteName: 'A' });
    const b = addSite(doc, { siteName: 'B' });
    addRig(doc, { rigName: 'RA', siteId: a });
    addCrewMember(doc, { memberName: 'Bob', siteId: a });
    addHireTool(doc, { toolName: 'Pump', siteId: a, ratePerHour: 12.5 });
    const rb = addRig(doc, { rigName: 'RB', siteId: b });
    deleteSite(doc, a);
    const snapshot = readSetup(doc);
    expect(snapshot.sites.map((s) => s.id)).toEqual([b]);
    expect(snapshot.rigs.map((r) => r.id)).toEqual([rb]);
    expect(snapshot.crewMembers).toEqual([]);
    expect(snapshot.hireTools).toEqual([]);
  });

  it('merges concurrent edits to different settings of one site', () => {
    const doc = newSetupDoc();
    const id = addSite(doc, { siteName: 'A' });
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    updateSite(doc, id, { autoCleanupDays: 60 });
    updateSite(other, id, { supervisorEmail: 'x@y.au' });
    syncAll([doc, other]);
    expect(readSetup(doc)).toEqual(readSetup(other));
    expect(readSetup(doc).sites[0]).toMatchObject({
      autoCleanupDays: 60,
      supervisorEmail: 'x@y.au',
    });
  });
});
