import {
  addCrewMember,
  addHireTool,
  addRig,
  addSite,
  initHolesDoc,
  initSetupDoc,
  registerHole,
} from '@plod/model';
import type { DocumentStore } from '../store/document-store.ts';
import type { DocumentService } from './documents.ts';

/**
 * On a brand-new data folder, creates a demo site with a rig, crew and hire tools (and one hole), so a
 * newcomer can fill in a plod at once. Returns false (and does nothing) when anything is stored.
 */
export async function seedDemo(docs: DocumentService, store: DocumentStore): Promise<boolean> {
  if ((await store.listDocuments()).length > 0) return false;
  const siteId = await docs.writeSetup(null, (doc) => {
    initSetupDoc(doc);
    const site = addSite(doc, { siteName: 'Demo Site' });
    addRig(doc, { rigName: 'Demo Rig 1', rigNumber: 'R-01', siteId: site });
    for (const [memberName, role] of [
      ['Alex Driller', 'driller'],
      ['Sam Driller', 'driller'],
      ['Jordan Offsider', 'offsider'],
      ['Casey Offsider', 'offsider'],
    ] as const) {
      addCrewMember(doc, { memberName, role, siteId: site });
    }
    addHireTool(doc, { toolName: 'Core barrel (spare)', ratePerHour: 12.5, siteId: site });
    addHireTool(doc, { toolName: 'Survey camera', ratePerHour: 40, siteId: site });
    return site;
  });
  await docs.writeHoles((doc) => {
    initHolesDoc(doc);
    registerHole(doc, siteId, { holeId: 'DH001', targetDepth: 100 });
  });
  return true;
}
