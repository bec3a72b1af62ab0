import { createContext, useContext } from 'react';
import type { SyncRuntime } from './runtime';

export const SyncContext = createContext<SyncRuntime | null>(null);

export function useSyncRuntime(): SyncRuntime {
  const runtime = useContext(SyncContext);
  if (!runtime) throw new Error('useSyncRuntime: wrap the app in <SyncProvider runtime={...}>');
  return runtime;
}
