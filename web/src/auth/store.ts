// What this device knows about who uses it, kept in localStorage so it holds with no signal at a
// remote site. Neither entry is a supervisor credential: the supervisor's session is an httpOnly
// cookie the app never sees; `plod.supervisor` only remembers who signed in and until when.

export type AuthState =
  | { kind: 'supervisor'; username: string }
  /** A client account: reads, approves and returns the plods of its sites (the server decides which). */
  | { kind: 'client'; username: string }
  | { kind: 'device'; deviceId: string; deviceName: string }
  | { kind: 'none' };

/** Who signed in with a username and password: a supervisor or a client account. */
export type AccountRole = 'supervisor' | 'client';

/** A joined crew device: the token goes with every request and WebSocket upgrade. */
export interface DeviceCredentials {
  token: string;
  deviceId: string;
  deviceName: string;
}

/** Who signed in on this browser, as what, and when the session ends (epoch ms). */
export interface SupervisorMarker {
  username: string;
  expiresAt: number;
  role: AccountRole;
}

export const DEVICE_KEY = 'plod.device';
export const SUPERVISOR_KEY = 'plod.supervisor';

const NONE: AuthState = { kind: 'none' };
const listeners = new Set<() => void>();
// Kept when storage is blocked, for this visit only.
const memory = new Map<string, string>();
let snapshot: AuthState | null = null;
let snapshotExpiresAt = Infinity;
let snapshotRaw = '';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    const store = storage();
    if (store) return store.getItem(key);
  } catch {
    // Blocked storage: fall through to this visit's memory.
  }
  return memory.get(key) ?? null;
}

function writeRaw(key: string, value: string | null): void {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Blocked storage: memory holds it for this visit.
  }
}

function parseObject(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Accepts epoch milliseconds or an ISO date; NaN when neither. */
export function expiryMs(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Date.parse(value);
  return Number.NaN;
}

export function readDevice(): DeviceCredentials | null {
  const value = parseObject(readRaw(DEVICE_KEY));
  if (!value) return null;
  const { token, deviceId, deviceName } = value;
  if (typeof token !== 'string' || !token || typeof deviceId !== 'string') return null;
  return { token, deviceId, deviceName: typeof deviceName === 'string' ? deviceName : '' };
}

/** The supervisor marker, or null when there is none or its session has ended. */
export function readSupervisor(now = Date.now()): SupervisorMarker | null {
  const value = parseObject(readRaw(SUPERVISOR_KEY));
  if (!value || typeof value.username !== 'string' || !value.username) return null;
  const expiresAt = expiryMs(value.expiresAt);
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  const role: AccountRole = value.role === 'client' ? 'client' : 'supervisor';
  return { username: value.username, expiresAt, role };
}

/** This device's token, if it has joined. */
export function getDeviceToken(): string | null {
  return readDevice()?.token ?? null;
}

/**
 * The token requests and WebSocket upgrades carry: the device's, unless a supervisor is signed in
 * on this device. The server lets a token decide alone, so with one the supervisor's session
 * cookie would go unheard.
 */
export function requestToken(): string | null {
  const kind = getAuthState().kind;
  return kind === 'supervisor' || kind === 'client' ? null : getDeviceToken();
}

function compute(): AuthState {
  const now = Date.now();
  // A supervisor signed in on a crew phone acts as the supervisor (the server reads the cookie first).
  const supervisor = readSupervisor(now);
  if (supervisor) {
    snapshotExpiresAt = supervisor.expiresAt;
    return { kind: supervisor.role, username: supervisor.username };
  }
  snapshotExpiresAt = Infinity;
  const device = readDevice();
  if (device) {
    return { kind: 'device', deviceId: device.deviceId, deviceName: device.deviceName };
  }
  return NONE;
}

function sameState(a: AuthState, b: AuthState): boolean {
  if (a.kind === 'supervisor' || a.kind === 'client') {
    return b.kind === a.kind && a.username === b.username;
  }
  if (a.kind === 'device') {
    return b.kind === 'device' && a.deviceId === b.deviceId && a.deviceName === b.deviceName;
  }
  return b.kind === 'none';
}

/**
 * The current state; the same object until something changes, as useSyncExternalStore needs.
 * Read from storage on each call (two small reads), so a change made elsewhere (another tab,
 * cleared site data) is never missed.
 */
export function getAuthState(): AuthState {
  const rawKey = `${readRaw(DEVICE_KEY) ?? ''}\n${readRaw(SUPERVISOR_KEY) ?? ''}`;
  if (snapshot === null || rawKey !== snapshotRaw || Date.now() >= snapshotExpiresAt) {
    const next = compute();
    snapshotRaw = rawKey;
    if (snapshot === null || !sameState(snapshot, next)) snapshot = next;
    scheduleExpiry();
  }
  return snapshot;
}

let expiryTimer: ReturnType<typeof setTimeout> | null = null;

// The screen follows a session that ends while the app is open, not only on the next render.
function scheduleExpiry(): void {
  if (expiryTimer !== null) clearTimeout(expiryTimer);
  expiryTimer = null;
  if (!Number.isFinite(snapshotExpiresAt) || listeners.size === 0) return;
  const wait = Math.min(Math.max(snapshotExpiresAt - Date.now(), 0) + 50, 2 ** 31 - 1);
  expiryTimer = setTimeout(() => {
    expiryTimer = null;
    changed();
  }, wait);
}

function changed(): void {
  getAuthState();
  listeners.forEach((listener) => listener());
}

export function setDevice(device: DeviceCredentials): void {
  writeRaw(DEVICE_KEY, JSON.stringify(device));
  changed();
}

export function clearDevice(): void {
  writeRaw(DEVICE_KEY, null);
  changed();
}

export function setSupervisor(marker: {
  username: string;
  expiresAt: number | string;
  role?: AccountRole;
}): void {
  const expiresAt = expiryMs(marker.expiresAt);
  writeRaw(
    SUPERVISOR_KEY,
    JSON.stringify({
      username: marker.username,
      role: marker.role ?? 'supervisor',
      // A server that names no end: the marker lasts a day; the cookie decides anyway.
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + 24 * 3600_000,
    }),
  );
  changed();
}

export function clearSupervisor(): void {
  writeRaw(SUPERVISOR_KEY, null);
  changed();
}

/**
 * Calls back on every change to what this device knows (including the token alone, which the
 * relay connections follow). Another tab's change arrives through the `storage` event.
 */
export function subscribeAuth(listener: () => void): () => void {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
  listeners.add(listener);
  if (listeners.size === 1) scheduleExpiry();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    globalThis.removeEventListener?.('storage', onStorage);
    if (expiryTimer !== null) clearTimeout(expiryTimer);
    expiryTimer = null;
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === DEVICE_KEY || event.key === SUPERVISOR_KEY) changed();
}
