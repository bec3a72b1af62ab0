import { SETUP_DOC_NAME, setupSiteCount } from '@plod/model';
import { Suspense } from 'react';
import { useDocSnapshot, useDocument } from '../sync';
import { lazyOptional } from '../lib/lazyOptional';

// The alert (with Download Data and its progress bar) is shown only on a phone with no sites: its
// own chunk, out of the reports list's first route.
const ReferenceDataAlert = lazyOptional(() => import('./ReferenceDataAlert'));

export type ReferenceDataState = 'present' | 'waiting' | 'missing' | 'none-set-up';

/**
 * Whether this phone has the sites, rigs and crew its screens offer: 'missing' when it holds none
 * and cannot reach the server for them (offline, paused, refused), 'none-set-up' when the server
 * answered and has none either, 'waiting' while that is not yet known (nothing to say yet).
 */
export function referenceDataState(
  info: { status: 'loading' | 'ready'; provider: string; serverSynced: boolean },
  siteCount: number,
): ReferenceDataState {
  if (info.status === 'loading' || siteCount > 0) return siteCount > 0 ? 'present' : 'waiting';
  if (info.serverSynced) return 'none-set-up';
  return info.provider === 'disconnected' ? 'missing' : 'waiting';
}

/**
 * Tells a phone with no reference data so, and offers Download Data (the Plods list and the home
 * dashboard). Opening the setup document here already fetches it whenever the phone is online.
 */
export default function ReferenceDataPrompt() {
  const info = useDocument(SETUP_DOC_NAME);
  // Only the count: the full reader (readSetup) would bring zod onto the reports list's first route.
  const siteCount = useDocSnapshot(SETUP_DOC_NAME, setupSiteCount);
  const state = referenceDataState(info, siteCount);
  if (state === 'present' || state === 'waiting') return null;
  return (
    <Suspense fallback={null}>
      <ReferenceDataAlert state={state} />
    </Suspense>
  );
}
