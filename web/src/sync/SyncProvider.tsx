import type { ReactNode } from 'react';
import { SyncContext } from './context';
import type { SyncRuntime } from './runtime';

/** Hands a runtime made outside render (main.tsx, or a test) to every screen below. */
export function SyncProvider({ runtime, children }: { runtime: SyncRuntime; children: ReactNode }) {
  return <SyncContext.Provider value={runtime}>{children}</SyncContext.Provider>;
}
