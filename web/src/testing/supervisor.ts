import { notifications } from '@mantine/notifications';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { expect, vi } from 'vitest';
import { DEVICE_KEY, SUPERVISOR_KEY } from '../auth';
import type { SyncRuntime } from '../sync';
import { closeApps, openApp } from './apps';

// Test helpers for the supervisor screens (Site Setup, Site Configuration, Live Reports).

/** Call from afterEach: unmounts, closes documents, forgets the device's storage and who signed in. */
export async function resetSupervisorScreens(): Promise<void> {
  await closeApps();
  // Toasts live in a module store that outlives a render.
  notifications.clean();
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  vi.unstubAllGlobals();
}

/** The marker a supervisor's sign-in leaves on the device (the session is the server's cookie). */
export function signInAsSupervisor(): void {
  localStorage.setItem(
    SUPERVISOR_KEY,
    JSON.stringify({ username: 'boss', expiresAt: Date.now() + 3_600_000 }),
  );
}

/** A joined crew device. */
export function joinAsDevice(): void {
  localStorage.setItem(
    DEVICE_KEY,
    JSON.stringify({ token: 'crew-token', deviceId: 'device-1', deviceName: 'Crew phone' }),
  );
}

export interface SeededSites {
  north: SiteId;
  south: SiteId;
}

/**
 * The setup document with North Pit (a rig, a crew member, a hire tool and two holes) and South Pit
 * (a rig and one hole).
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

/**
 * Opens /site-setup. With `seed`, the setup document holds seedSites' North Pit and South Pit;
 * otherwise it has no sites.
 */
export function openSiteSetup({ seed = true } = {}) {
  const app = openApp('/site-setup');
  const ids = seed
    ? seedSites(app.sync)
    : (app.sync.registry.mutate(SETUP_DOC_NAME, (doc) => initSetupDoc(doc)), null);
  return { ...app, ids };
}

/** The device copy of the setup document. */
export function setupOf(sync: SyncRuntime): SetupSnapshot {
  return sync.registry.read(SETUP_DOC_NAME, readSetup);
}

/** The open modal (Mantine renders it in a portal, once its opening transition starts). */
export function dialog(): Promise<HTMLElement> {
  return screen.findByRole('dialog');
}

/** Waits for the modal to close. */
export async function dialogClosed(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Types into the field labelled `label` inside `scope` (a modal or a list item). */
export function typeInto(scope: HTMLElement, label: string, value: string): void {
  fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });
}

/** Generous waits: screens are lazy chunks and the test machines are shared. */
export const WAIT = { timeout: 15_000 };
