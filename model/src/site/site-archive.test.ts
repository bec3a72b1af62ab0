import { describe, expect, it } from 'vitest';
import { isModelError } from '../errors/errors.ts';
import { newSetupDoc } from '../report-doc/testing.ts';
import { addRig, readRigs } from '../rig/rig-doc.ts';
import { activeSites, siteNameKey } from './site.ts';
import { addSite, archiveSite, readSites, unarchiveSite, updateSite } from './site-doc.ts';

function refusal(change: () => unknown): unknown {
  try {
    change();
  } catch (error) {
    return error;
  }
  return null;
}

describe('site names', () => {
  it('refuses a name another site has, whatever its case and spaces', () => {
    const doc = newSetupDoc();
    addSite(doc, { siteName: 'North Pit' });
    const error = refusal(() => addSite(doc, { siteName: '  north   PIT ' }));
    expect(isModelError(error, 'duplicate-site-name')).toBe(true);
    expect((error as Error).message).toBe('A site named "north   PIT" already exists');
    expect(readSites(doc)).toHaveLength(1);
    expect(siteNameKey(' A  b ')).toBe('a b');
  });

  it('refuses renaming onto another site, and lets a site keep its own name', () => {
    const doc = newSetupDoc();
    const north = addSite(doc, { siteName: 'North Pit' });
    const south = addSite(doc, { siteName: 'South Pit' });
    expect(isModelError(refusal(() => updateSite(doc, south, { siteName: 'NORTH pit' })))).toBe(
      true,
    );
    updateSite(doc, north, { siteName: 'north pit' });
    expect(
      readSites(doc)
        .map((s) => s.siteName)
        .sort(),
    ).toEqual(['South Pit', 'north pit']);
  });
});

describe('archived sites', () => {
  it('leave the pickers with their rigs kept, and come back when unarchived', () => {
    const doc = newSetupDoc();
    const site = addSite(doc, { siteName: 'Old Pit' });
    addRig(doc, { rigName: 'Rig 1', siteId: site });
    expect(archiveSite(doc, site, '2026-03-01T00:00:00.000Z')).toBe(true);
    const [archived] = readSites(doc);
    expect(archived?.archivedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(activeSites(readSites(doc))).toEqual([]);
    expect(readRigs(doc)).toHaveLength(1);
    // An archived site still owns its name.
    expect(isModelError(refusal(() => addSite(doc, { siteName: 'old pit' })))).toBe(true);
    expect(unarchiveSite(doc, site)).toBe(true);
    expect(activeSites(readSites(doc)).map((s) => s.id)).toEqual([site]);
  });
});
