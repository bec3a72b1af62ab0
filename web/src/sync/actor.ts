import type { Actor } from '@plod/model/history';
import { getAuthState, subscribeAuth } from '../auth';
import { getDeviceName, subscribeDeviceName } from '../session/device-name';

/**
 * Who this browser's changes are by, as the report history records them: on a joined phone, the
 * person's name on this phone (the name crewmates see in presence) with the joined device's id and
 * name; in a supervisor's browser, the supervisor.
 */
export function appActor(): Actor {
  const auth = getAuthState();
  if (auth.kind === 'supervisor') {
    return { kind: 'supervisor', name: auth.username, deviceId: null, deviceName: null };
  }
  if (auth.kind === 'client') {
    return { kind: 'client', name: auth.username, deviceId: null, deviceName: null };
  }
  const name = getDeviceName();
  if (auth.kind === 'device') {
    return { kind: 'crew', name, deviceId: auth.deviceId, deviceName: auth.deviceName || null };
  }
  return { kind: 'crew', name, deviceId: null, deviceName: null };
}

/** Calls back whenever the actor may have changed (sign-in, join, a new name on this phone). */
export function subscribeActor(listener: () => void): () => void {
  const stopAuth = subscribeAuth(listener);
  const stopName = subscribeDeviceName(listener);
  return () => {
    stopAuth();
    stopName();
  };
}
