import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId, SiteId } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import { newHolesDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import {
  chooseRegisteredHoleSetting,
  holeIdsOfSite,
  migrateHolesDoc,
  readHoleRegister,
  registerHole,
  sitesWithHoles,
  updateRegisteredHole,
} from './holes-doc.ts';
import { suggestHoleId } from './hole-numbers.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1' as SiteId;

describe('hole register', () => {
  it('registers a hole with the new-hole defaults and suggests the next id', () => {
    const doc = newHolesDoc();
    expect(suggestHoleId(doc, 2025)).toBe('DH-2025-001');
    const id = registerHole(doc, SITE, { holeId: suggestHoleId(doc, 2025) });
    expect(readHoleRegister(doc)).toEqual([
      expect.objectContaining({
        holeId: id,
        siteId: SITE,
        dip: -60,
        azimuth: 0,
        targetDepth: 100,
        constantStickUp: 0.5,
        isComplete: false,
      }),
    ]);
    expect(suggestHoleId(doc, 2025)).toBe('DH-2025-002');
  });

  it('refuses a label that is already registered', () => {
    const doc = new Y.Doc();
    registerHole(doc, SITE, { holeId: 'DH-1' });
    try {
      registerHole(doc, SITE, { holeId: ' DH-1 ' });
      expect.unreachable();
    } catch (error) {
      expect(isModelError(error, 'duplicate-hole')).toBe(true);
    }
  });

  it('updates config and lists holes per site', () => {
    const doc = new Y.Doc();
    const id = registerHole(doc, SITE, { holeId: 'DH-1' });
    updateRegisteredHole(doc, id, { targetDepth: '150' });
    const holes = readHoleRegister(doc);
    expect(holes[0]).toMatchObject({ targetDepth: 150, isComplete: false });
    expect(holeIdsOfSite(holes, SITE)).toEqual(['DH-1' as HoleId]);
    const site = {
      id: SITE,
      siteName: 'A',
      autoCleanupDays: 30,
      enableAutoCleanup: true,
      supervisorEmail: null,
      createdAt: null,
      archivedAt: null,
    };
    expect(sitesWithHoles([site], holes)[0]?.holeIds).toEqual(['DH-1']);
  });
});

describe('the same hole registered on two devices apart', () => {
  it('is one hole keeping both set-ups until someone chooses, and the choice holds everywhere', () => {
    const base = newHolesDoc();
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    registerHole(a, SITE, { holeId: 'DH-7', targetDepth: 120, hasOriExtension: true });
    registerHole(b, SITE, { holeId: 'DH-7', targetDepth: 150, hasOriExtension: true });
    syncAll([a, b]);
    const [hole] = readHoleRegister(a);
    expect(readHoleRegister(a)).toHaveLength(1);
    expect(hole?.conflicts.map((c) => [c.setting, c.options.map((o) => o.value).sort()])).toEqual([
      ['targetDepth', [120, 150]],
    ]);
    expect(readHoleRegister(b)).toEqual(readHoleRegister(a));
    chooseRegisteredHoleSetting(a, 'DH-7' as HoleId, 'targetDepth', 120);
    syncAll([a, b]);
    expect(readHoleRegister(b)[0]).toMatchObject({ targetDepth: 120, conflicts: [] });
  });

  it('reads a register of version 1 (one entry per label) and lets later changes replace it', () => {
    const doc = new Y.Doc();
    const legacy = new Y.Map<unknown>();
    legacy.set('siteId', SITE);
    legacy.set('targetDepth', 80);
    legacy.set('isComplete', false);
    legacy.set('createdAt', '2025-07-01T00:00:00.000Z');
    doc.getMap('holes').set('DH-OLD', legacy);
    expect(migrateHolesDoc(doc)).toEqual({ from: 1, to: 2, applied: [2] });
    expect(readHoleRegister(doc)[0]).toMatchObject({
      holeId: 'DH-OLD',
      siteId: SITE,
      targetDepth: 80,
      createdAt: '2025-07-01T00:00:00.000Z',
      conflicts: [],
    });
    updateRegisteredHole(doc, 'DH-OLD' as HoleId, { targetDepth: 90 });
    expect(readHoleRegister(doc)[0]).toMatchObject({ targetDepth: 90, conflicts: [] });
    expect(() => registerHole(doc, SITE, { holeId: 'DH-OLD' })).toThrow('already registered');
  });
});
