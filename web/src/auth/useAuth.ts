import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth, type AuthState } from './store';

/** Who uses this device, from local knowledge (works offline); revalidated when online. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
