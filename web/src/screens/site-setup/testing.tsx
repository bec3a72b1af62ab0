import { notifications } from '@mantine/notifications';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  addCrewMember,
  addHireTool,
  addRig,
  addSite,
  initHolesDoc,
  initSetupDoc,
  registerHole,
  type SiteId,
} from '@plod/model';
import { expect, vi } from 'vitest';
import { DEVICE_KEY, SUPERVISOR_KEY } from '../../auth';
import type { JoinedDevice } from '../../setup/devices';
import type { SyncRuntime } from '../../sync';
import { renderApp } from '../../testing/renderApp';

/** Test helpers for Site Setup: who uses the device, a seeded setup document, and cleanup. */

const runtimes: SyncRuntime[] = [];

/** Call from afterEach: unmounts, closes documents, forgets the device's storage and who signed in. */
export async function resetSiteSetup(): Promise<void> {
  cleanup();
  // Toasts live in a module store that outlives a render.
  notifications.clean();
  await Promise.all(runtimes.splice(0).map((sync) => sync.dispose()));
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  vi.unstubAllGlobals();
}

/** The supervisor marker the sign-in leaves (the session itself is the server's cookie). */
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

export interface SeededSetup {
  north: SiteId;
  south: SiteId;
}

/**
 * Opens /site-setup. With `seed`, the setup document holds North Pit (a rig, a crew member, a hire
 * tool, two holes) and South Pit (a rig); otherwise it has no sites.
 */
export function openSiteSetup({ seed = true } = {}) {
  const server = stubServer();
  const app = renderApp('/site-setup');
  runtimes.push(app.sync);
  const { registry } = app.sync;
  const ids = registry.mutate(SETUP_DOC_NAME, (doc): SeededSetup | null => {
    initSetupDoc(doc);
    if (!seed) return null;
    const north = addSite(doc, { siteName: 'North Pit' });
    const south = addSite(doc, { siteName: 'South Pit' });
    addRig(doc, { rigName: 'Rig 7', rigNumber: '7', siteId: north });
    addRig(doc, { rigName: 'Rig 9', rigNumber: '9', siteId: south });
    addCrewMember(doc, { memberName: 'Alex Driller', siteId: north });
    addHireTool(doc, { toolName: 'Core saw', ratePerHour: 12.5, siteId: north });
    return { north, south };
  });
  if (ids) {
    registry.mutate(HOLES_DOC_NAME, (doc) => {
      initHolesDoc(doc);
      registerHole(doc, ids.north, { holeId: 'DH-2025-001' });
      registerHole(doc, ids.north, { holeId: 'DH-2025-002' });
      registerHole(doc, ids.south, { holeId: 'DH-2025-003' });
    });
  }
  return { ...app, ids, server };
}

/** The open modal (Mantine renders it in a portal, once its opening transition starts). */
export function dialog(): Promise<HTMLElement> {
  return screen.findByRole('dialog');
}

/** Waits for the modal to close. */
export async function dialogClosed(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Generous waits: the screen is a lazy chunk and the test machines are shared. */
export const WAIT = { timeout: 15_000 };

/** Types into the field labelled `label` inside `scope` (a modal or a list item). */
export function typeInto(scope: HTMLElement, label: string, value: string): void {
  fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });
}

/**
 * The server's side of the contract this screen uses, in memory: web unit tests have no server
 * (they run in happy-dom), so fetch answers /api/auth/me and the supervisor's device routes here.
 * The real routes are tested in sync-server; the whole flow in the browser tests.
 */
export interface FakeServer {
  code: string;
  rotatedAt: string;
  devices: JoinedDevice[];
  /** "METHOD /path" of each request, in order. */
  requests: string[];
  /** No network: every fetch fails as a dropped connection does. */
  down: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function stubServer(): FakeServer {
  const server: FakeServer = {
    code: 'K7QM-4XPD',
    rotatedAt: '2025-07-01T06:00:00.000Z',
    devices: [
      {
        id: 'device-1',
        name: 'Rig 7 tablet',
        joinedAt: '2025-07-02T06:00:00.000Z',
        lastSeenAt: '2025-07-14T05:30:00.000Z',
        revokedAt: null,
      },
      {
        id: 'device-2',
        name: 'Old phone',
        joinedAt: '2025-06-01T06:00:00.000Z',
        lastSeenAt: null,
        revokedAt: '2025-06-20T06:00:00.000Z',
      },
    ],
    requests: [],
    down: false,
  };
  const answer = (method: string, path: string): Response => {
    const supervisor = localStorage.getItem(SUPERVISOR_KEY) !== null;
    if (path === '/api/auth/me') {
      return supervisor
        ? json(200, { kind: 'supervisor', username: 'boss', expiresAt: Date.now() + 3_600_000 })
        : json(200, { kind: 'device', deviceId: 'device-1', deviceName: 'Crew phone' });
    }
    if (!path.startsWith('/api/devices')) return json(404, { message: 'Not found' });
    if (!supervisor) return json(403, { message: 'Supervisors only' });
    if (method === 'GET' && path === '/api/devices/code') {
      return json(200, { code: server.code, rotatedAt: server.rotatedAt });
    }
    if (method === 'POST' && path === '/api/devices/code/rotate') {
      server.code = 'ZX9P-2HWN';
      server.rotatedAt = new Date().toISOString();
      return json(200, { code: server.code, rotatedAt: server.rotatedAt });
    }
    if (method === 'GET' && path === '/api/devices') return json(200, server.devices);
    const device = server.devices.find((d) => path === `/api/devices/${d.id}`);
    if (method === 'DELETE' && device) {
      device.revokedAt = new Date().toISOString();
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'Not found' });
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(String(input), 'http://localhost').pathname;
    server.requests.push(`${method} ${path}`);
    if (server.down) throw new TypeError('Failed to fetch');
    return answer(method, path);
  });
  return server;
}
