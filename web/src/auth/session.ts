import { ApiError, apiFetch, apiJson, jsonBody, onUnauthorized } from './api';
import {
  clearDevice,
  clearSupervisor,
  readDevice,
  readSupervisor,
  setDevice,
  setSupervisor,
} from './store';

interface SupervisorAnswer {
  /** A client account signs in the same way as a supervisor. */
  kind: 'supervisor' | 'client';
  username: string;
  expiresAt: number | string;
}

interface DeviceAnswer {
  kind: 'device';
  deviceId: string;
  deviceName: string;
}

interface JoinAnswer {
  token: string;
  deviceId: string;
  deviceName: string;
}

// A sign-out made with no signal: the server still holds the session, so it is ended on the next
// revalidation, and until then the server's word is not taken to sign the supervisor back in.
const SIGN_OUT_PENDING_KEY = 'plod.signout-pending';

function signOutPending(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIGN_OUT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

function setSignOutPending(pending: boolean): void {
  try {
    if (pending) globalThis.localStorage?.setItem(SIGN_OUT_PENDING_KEY, '1');
    else globalThis.localStorage?.removeItem(SIGN_OUT_PENDING_KEY);
  } catch {
    // Blocked storage: the marker is gone already, which is what the screen shows.
  }
}

/**
 * Supervisor (or client account) sign-in: the server sets the session cookie; this device remembers
 * who, as what, and until when. Resolves with the role, so the screen knows where to go next.
 */
export async function signIn(
  username: string,
  password: string,
): Promise<SupervisorAnswer['kind']> {
  const answer = await apiJson<SupervisorAnswer>(
    '/api/auth/login',
    jsonBody('POST', { username, password }),
  );
  setSignOutPending(false);
  setSupervisor({ username: answer.username, expiresAt: answer.expiresAt, role: answer.kind });
  return answer.kind;
}

/**
 * Ends the supervisor's session. The marker goes at once, signal or not; a device token stays
 * (the phone remains joined). With no signal the server is told on the next revalidation.
 */
export async function signOut(): Promise<void> {
  clearSupervisor();
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
    setSignOutPending(false);
  } catch (error) {
    if (error instanceof ApiError && error.status === null) setSignOutPending(true);
    else setSignOutPending(false);
  }
}

/** Joins this device with the supervisor's access code; keeps the token it is given. */
export async function joinDevice(code: string, deviceName: string): Promise<void> {
  const answer = await apiJson<JoinAnswer>(
    '/api/devices/join',
    jsonBody('POST', { code, deviceName }),
  );
  setDevice({ token: answer.token, deviceId: answer.deviceId, deviceName: answer.deviceName });
}

let inFlight: Promise<void> | null = null;

/**
 * Asks the server who this device is (GET /api/auth/me) and brings local knowledge in line:
 * a 401 clears the credentials that were sent (a revoked device returns to the Join screen, an
 * ended session loses its marker). Documents and unsent edits are never touched: after re-joining
 * they sync. No signal, or any other failure, leaves everything as it is.
 */
export function revalidateAuth(): Promise<void> {
  inFlight ??= revalidate().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

type MeAnswer = SupervisorAnswer | DeviceAnswer;

/** GET /api/auth/me: the answer, 'refused' on a 401, or null when nothing can be learned now. */
async function askWhoAmI(): Promise<MeAnswer | 'refused' | null> {
  try {
    return await apiJson<MeAnswer>('/api/auth/me');
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'refused' : null;
  }
}

async function revalidate(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (signOutPending()) {
    try {
      await apiFetch('/api/auth/logout', { method: 'POST' });
      setSignOutPending(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === null) return;
      setSignOutPending(false);
    }
  }
  // The supervisor first: while the marker is there, requests carry only the session cookie.
  const supervisor = readSupervisor();
  if (supervisor) {
    const answer = await askWhoAmI();
    if (answer === null) return;
    const now = readSupervisor();
    const unchanged =
      now?.username === supervisor.username && now.expiresAt === supervisor.expiresAt;
    if (answer !== 'refused' && (answer.kind === 'supervisor' || answer.kind === 'client')) {
      if (unchanged) {
        setSupervisor({
          username: answer.username,
          expiresAt: answer.expiresAt,
          role: answer.kind,
        });
      }
      return;
    }
    // The session has ended (expired, or signed out elsewhere): only the marker goes.
    if (unchanged) clearSupervisor();
    if (readSupervisor()) return;
  }
  // Then the device, with its token.
  const device = readDevice();
  if (!device) return;
  const answer = await askWhoAmI();
  if (answer === null) return;
  const current = readDevice();
  // Only what was sent is changed: a join that finished meanwhile stands.
  if (current?.token !== device.token) return;
  if (answer === 'refused') {
    clearDevice();
  } else if (answer.kind === 'device' && answer.deviceName !== current.deviceName) {
    setDevice({ ...current, deviceId: answer.deviceId, deviceName: answer.deviceName });
  }
}

/**
 * Revalidates now, whenever the browser comes back online, and after any request made with this
 * device's credentials is answered 401. The result stops all three.
 */
export function startAuthRevalidation(): () => void {
  const run = () => void revalidateAuth();
  run();
  globalThis.addEventListener?.('online', run);
  const stopUnauthorized = onUnauthorized((path) => {
    if (!path.startsWith('/api/auth/')) run();
  });
  return () => {
    globalThis.removeEventListener?.('online', run);
    stopUnauthorized();
  };
}
