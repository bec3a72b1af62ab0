import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiFetch, apiJson } from './api';
import { joinDevice, revalidateAuth, signIn, signOut } from './session';
import {
  DEVICE_KEY,
  SUPERVISOR_KEY,
  getAuthState,
  getDeviceToken,
  readDevice,
  subscribeAuth,
} from './store';
import { UNIT_ADMIN, UNIT_CREW_CODE, openAt, withRealServer } from './testing/realServer';

const HOUR = 3600_000;

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('what the device knows, with no server at all', () => {
  beforeEach(() => localStorage.clear());

  it('is nobody on a fresh device', () => {
    expect(getAuthState()).toEqual({ kind: 'none' });
    expect(getDeviceToken()).toBeNull();
  });

  it('is the joined device from localStorage alone', () => {
    localStorage.setItem(
      DEVICE_KEY,
      JSON.stringify({ token: 't1', deviceId: 'd1', deviceName: 'Rig 3 phone' }),
    );
    expect(getAuthState()).toEqual({ kind: 'device', deviceId: 'd1', deviceName: 'Rig 3 phone' });
    expect(getDeviceToken()).toBe('t1');
  });

  it('is the supervisor while the marker has not expired, even on a joined phone', () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ token: 't1', deviceId: 'd1' }));
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: 'sam', expiresAt: new Date(Date.now() + HOUR).toISOString() }),
    );
    expect(getAuthState()).toEqual({ kind: 'supervisor', username: 'sam' });
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: 'sam', expiresAt: Date.now() - 1 }),
    );
    expect(getAuthState()).toEqual({ kind: 'device', deviceId: 'd1', deviceName: '' });
  });

  it('ignores entries that are not what it wrote', () => {
    localStorage.setItem(DEVICE_KEY, '{not json');
    localStorage.setItem(SUPERVISOR_KEY, JSON.stringify({ username: 'sam' }));
    expect(getAuthState()).toEqual({ kind: 'none' });
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ deviceId: 'd1' }));
    expect(getAuthState()).toEqual({ kind: 'none' });
  });

  it('hands back the same object until something changes', () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ token: 't1', deviceId: 'd1' }));
    const first = getAuthState();
    expect(getAuthState()).toBe(first);
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ token: 't2', deviceId: 'd2' }));
    expect(getAuthState()).not.toBe(first);
  });
});

describe('against the real server', () => {
  const server = withRealServer();
  beforeEach(() => setOnline(true));
  afterEach(() => setOnline(true));

  it('joins with the code, keeps the token, and the server knows the device', async () => {
    let calls = 0;
    const stop = subscribeAuth(() => (calls += 1));
    await joinDevice(UNIT_CREW_CODE, 'Core Shed');
    stop();
    const device = readDevice();
    expect(device?.token).toMatch(/.{20,}/);
    expect(getAuthState()).toEqual({
      kind: 'device',
      deviceId: device?.deviceId,
      deviceName: 'Core Shed',
    });
    expect(calls).toBeGreaterThan(0);
    await revalidateAuth();
    expect(readDevice()).toEqual(device);
  });

  it('refuses a wrong code with 403 and SPEC 8’s words, and keeps nothing', async () => {
    await expect(joinDevice('WRONG-CODE', 'Core Shed')).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Invalid credentials. Please contact your supervisor for access.',
    });
    expect(getAuthState()).toEqual({ kind: 'none' });
  });

  it('a revoked device loses its token on revalidation and keeps everything else', async () => {
    await joinDevice(UNIT_CREW_CODE, 'Doomed Phone');
    const device = readDevice();
    // What a crew phone holds besides its token: the current report, unsent changes, settings.
    localStorage.setItem('plod.currentReportId', 'r-1');
    localStorage.setItem('plod:pending:report:r-1', '3');
    localStorage.setItem('plod.deviceName', 'Doomed Phone');
    const revoked = await server.asSupervisor('DELETE', `/api/devices/${device?.deviceId}`);
    expect(revoked.status).toBe(204);
    await revalidateAuth();
    expect(getAuthState()).toEqual({ kind: 'none' });
    expect(localStorage.getItem(DEVICE_KEY)).toBeNull();
    expect(localStorage.getItem('plod.currentReportId')).toBe('r-1');
    expect(localStorage.getItem('plod:pending:report:r-1')).toBe('3');
    expect(localStorage.getItem('plod.deviceName')).toBe('Doomed Phone');
  });

  it('keeps the token when offline or when the server cannot be reached', async () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ token: 'unknown', deviceId: 'd9' }));
    setOnline(false);
    await revalidateAuth();
    expect(getDeviceToken()).toBe('unknown');
    setOnline(true);
    openAt('http://127.0.0.1:9');
    await revalidateAuth();
    expect(getDeviceToken()).toBe('unknown');
    openAt(server.origin);
    await revalidateAuth();
    expect(getDeviceToken()).toBeNull();
  });

  it('signs a supervisor in (marker, not a credential) and out again', async () => {
    await signIn(UNIT_ADMIN.username, UNIT_ADMIN.password);
    expect(getAuthState()).toEqual({ kind: 'supervisor', username: UNIT_ADMIN.username });
    const marker = JSON.parse(localStorage.getItem(SUPERVISOR_KEY) ?? '{}') as object;
    expect(Object.keys(marker).sort()).toEqual(['expiresAt', 'role', 'username']);
    expect(JSON.stringify(localStorage)).not.toContain(UNIT_ADMIN.password);
    await revalidateAuth();
    expect(getAuthState().kind).toBe('supervisor');
    await signOut();
    expect(getAuthState()).toEqual({ kind: 'none' });
    await expect(apiFetch('/api/auth/me')).rejects.toMatchObject({ status: 401 });
  });

  it('a supervisor signed in on a joined phone is heard as the supervisor, not the device', async () => {
    await joinDevice(UNIT_CREW_CODE, 'Site Office Phone');
    await signIn(UNIT_ADMIN.username, UNIT_ADMIN.password);
    // The server lets a token decide alone: while signed in, the phone sends none.
    const me = await apiJson<{ kind: string }>('/api/auth/me');
    expect(me.kind).toBe('supervisor');
    await revalidateAuth();
    expect(getAuthState()).toEqual({ kind: 'supervisor', username: UNIT_ADMIN.username });
  });

  it('an ended session on a joined phone falls back to the device', async () => {
    await joinDevice(UNIT_CREW_CODE, 'Fallback Phone');
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: UNIT_ADMIN.username, expiresAt: Date.now() + HOUR }),
    );
    await revalidateAuth();
    expect(getAuthState()).toMatchObject({ kind: 'device', deviceName: 'Fallback Phone' });
  });

  it('signing out keeps the phone joined', async () => {
    await joinDevice(UNIT_CREW_CODE, 'Shared Phone');
    await signIn(UNIT_ADMIN.username, UNIT_ADMIN.password);
    expect(getAuthState().kind).toBe('supervisor');
    await signOut();
    expect(getAuthState()).toMatchObject({ kind: 'device', deviceName: 'Shared Phone' });
  });

  it('a wrong password throws 401 with SPEC 8’s words and leaves no marker', async () => {
    await expect(signIn(UNIT_ADMIN.username, 'not-the-password')).rejects.toMatchObject({
      status: 401,
      message: '401: Invalid username or password',
    });
    expect(localStorage.getItem(SUPERVISOR_KEY)).toBeNull();
  });

  it('an ended session loses its marker on revalidation', async () => {
    // A marker the server knows nothing of: its cookie is gone (expired, or signed out elsewhere).
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: UNIT_ADMIN.username, expiresAt: Date.now() + HOUR }),
    );
    expect(getAuthState().kind).toBe('supervisor');
    await revalidateAuth();
    expect(getAuthState()).toEqual({ kind: 'none' });
  });
});
