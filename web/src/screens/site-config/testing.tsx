import { IDBFactory } from 'fake-indexeddb';
import { cleanup, screen } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  addCrewMember,
  addHireTool,
  addRig,
  addSite,
  initHolesDoc,
  initSetupDoc,
  readSetup,
  registerHole,
  type SetupSnapshot,
  type SiteId,
} from '@plod/model';
import { SUPERVISOR_KEY } from '../../auth';
import type { SyncRuntime } from '../../sync';
import { renderApp } from '../../testing/renderApp';

// Test helpers for the supervisor screens (Site Configuration, Live Reports).

const runtimes: SyncRuntime[] = [];

/** Call from afterEach: unmounts, closes documents, forgets storage and who signed in. */
export async function resetSupervisorScreens(): Promise<void> {
  cleanup();
  await Promise.all(runtimes.splice(0).map((sync) => sync.dispose()));
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
}

/** The marker a supervisor's sign-in leaves on the device (the session is the server's cookie). */
export function signInAsSupervisor(): void {
  localStorage.setItem(
    SUPERVISOR_KEY,
    JSON.stringify({ username: 'boss', expiresAt: Date.now() + 3_600_000 }),
  );
}

export interface SeededSites {
  north: SiteId;
  south: SiteId;
}

/** Renders the app at `path` and keeps its runtime for the reset. */
export function open(path: string, options?: { joined?: boolean }) {
  const app = renderApp(path, options);
  runtimes.push(app.sync);
  return app;
}

/**
 * The setup document with North Pit (a rig, a crew member, a hire tool and two holes) and
 * South Pit (a rig and one hole).
 */
export function seedSites(sync: SyncRuntime): SeededSites {
  const ids = sync.registry.mutate(SETUP_DOC_NAME, (doc) => {
    initSetupDoc(doc);
    const north = addSite(doc, { siteName: 'North Pit' });
    const south = addSite(doc, { siteName: 'South Pit' });
    addRig(doc, { rigName: 'Rig 7', rigNumber: '7', siteId: north });
    addRig(doc, { rigName: 'Rig 9', rigNumber: '9', siteId: south });
    addCrewMember(doc, { memberName: 'Alex Driller', siteId: north });
    addHireTool(doc, { toolName: 'Core saw', ratePerHour: 12.5, siteId: north });
    return { north, south };
  });
  sync.registry.mutate(HOLES_DOC_NAME, (doc) => {
    initHolesDoc(doc);
    registerHole(doc, ids.north, { holeId: 'DH-2025-001' });
    registerHole(doc, ids.north, { holeId: 'DH-2025-002' });
    registerHole(doc, ids.south, { holeId: 'DH-2025-003' });
  });
  return ids;
}

export function setupOf(sync: SyncRuntime): SetupSnapshot {
  return sync.registry.read(SETUP_DOC_NAME, readSetup);
}

/** The open modal (Mantine renders it in a portal). */
export function dialog(): HTMLElement {
  return screen.getByRole('dialog');
}

/** Generous waits: screens are lazy chunks and the test machines are shared. */
export const WAIT = { timeout: 15_000 };
