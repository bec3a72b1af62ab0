import { IDBFactory } from 'fake-indexeddb';
import { cleanup } from '@testing-library/react';
import {
  ReportIds,
  SETUP_DOC_NAME,
  addCrewMember,
  addRig,
  addSite,
  createReport,
  initSetupDoc,
  reportDocName,
  type ReportId,
  type RigId,
  type SiteId,
} from '@plod/model';
import { setCurrentReportId } from '../../session/current-report';
import { renderApp } from '../../testing/renderApp';
import { dayShift } from '../../testing/shift';
import type { SyncRuntime } from '../../sync';

/** Test helpers for the report screens: a fresh device, a seeded setup document and a report. */

export interface Seeded {
  reportId: ReportId;
  siteId: SiteId;
  rigId: RigId;
  otherSiteId: SiteId;
}

const runtimes: SyncRuntime[] = [];

/** Call from afterEach: unmounts, closes documents, forgets the device's storage. */
export async function resetDevice(): Promise<void> {
  cleanup();
  await Promise.all(runtimes.splice(0).map((sync) => sync.dispose()));
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
}

/**
 * Opens the app at `path` on a report (made current) with a site of two drillers and an offsider,
 * and a second site with its own rig and crew. `withShift` sets the shift up at the first site.
 */
export function openReport(path: string, { withShift = true } = {}) {
  const reportId = ReportIds.create();
  setCurrentReportId(reportId);
  const app = renderApp(path);
  runtimes.push(app.sync);
  const { registry } = app.sync;
  const [siteId, rigId, otherSiteId] = registry.mutate(SETUP_DOC_NAME, (doc) => {
    initSetupDoc(doc);
    const site = addSite(doc, { siteName: 'North Pit' });
    const rig = addRig(doc, { rigName: 'Rig 7', rigNumber: '7', siteId: site });
    const other = addSite(doc, { siteName: 'South Pit' });
    addRig(doc, { rigName: 'Rig 9', rigNumber: '9', siteId: other });
    addCrewMember(doc, { memberName: 'Alex Driller', role: 'driller', siteId: site });
    addCrewMember(doc, { memberName: 'Sam Driller', role: 'driller', siteId: site });
    addCrewMember(doc, { memberName: 'Jordan Offsider', role: 'offsider', siteId: site });
    addCrewMember(doc, { memberName: 'Remote Person', role: 'driller', siteId: other });
    return [site, rig, other] as const;
  });
  registry.mutate(reportDocName(reportId), createReport, {
    id: reportId,
    shift: withShift ? dayShift(siteId, rigId) : undefined,
  });
  const seeded: Seeded = { reportId, siteId, rigId, otherSiteId };
  return { ...app, ...seeded, docName: reportDocName(reportId) };
}

/** Generous waits: screens are lazy chunks and the test machines are shared. */
export const WAIT = { timeout: 10_000 };
