import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId, SiteId } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import {
  holeIdsOfSite,
  initHolesDoc,
  readHoleRegister,
  registerHole,
  setRegisteredHoleComplete,
  sitesWithHoles,
  suggestHoleId,
  updateRegisteredHole,
} from './holes-doc.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1' as SiteId;

describe('hole register', () => {
  it('registers a hole with the new-hole defaults and suggests the next id', () => {
    const doc = new Y.Doc();
    initHolesDoc(doc);
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

  it('updates config, marks complete, and lists holes per site', () => {
    const doc = new Y.Doc();
    const id = registerHole(doc, SITE, { holeId: 'DH-1' });
    updateRegisteredHole(doc, id, { targetDepth: '150' });
    setRegisteredHoleComplete(doc, id);
    const holes = readHoleRegister(doc);
    expect(holes[0]).toMatchObject({ targetDepth: 150, isComplete: true });
    expect(holeIdsOfSite(holes, SITE)).toEqual(['DH-1' as HoleId]);
    const site = {
      id: SITE,
      siteName: 'A',
      autoCleanupDays: 30,
      enableAutoCleanup: true,
      supervisorEmail: null,
      createdAt: null,
    };
    expect(sitesWithHoles([site], holes)[0]?.holeIds).toEqual(['DH-1']);
  });
});
