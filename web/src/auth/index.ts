// Sign-in, device join and authenticated requests. Screens import from here.
export { useAuth } from './useAuth';
export { signIn, signOut, joinDevice, revalidateAuth, startAuthRevalidation } from './session';
export { ApiError, apiFetch, apiJson, jsonBody, onUnauthorized, OFFLINE_MESSAGE } from './api';
export {
  getAuthState,
  getDeviceToken,
  requestToken,
  readDevice,
  readSupervisor,
  subscribeAuth,
  DEVICE_KEY,
  SUPERVISOR_KEY,
  type AuthState,
  type DeviceCredentials,
  type SupervisorMarker,
} from './store';
