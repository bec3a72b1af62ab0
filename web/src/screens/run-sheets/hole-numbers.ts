import { HOLES_DOC_NAME, holeNumberOwner, suggestHoleId } from '@plod/model';
import { useMemo } from 'react';
import { useAuth } from '../../auth';
import { useDocSnapshot } from '../../sync';

export type HolesDoc = Parameters<typeof suggestHoleId>[0];

/** Who holds hole numbers on this device: the joined device, or the supervisor signed in. */
export function useHoleNumberOwner(): string | null {
  const auth = useAuth();
  if (auth.kind === 'device') return holeNumberOwner({ kind: 'device', deviceId: auth.deviceId });
  if (auth.kind === 'supervisor')
    return holeNumberOwner({ kind: 'supervisor', username: auth.username });
  return null;
}

export const year = () => new Date().getFullYear();

/** The hole id this device suggests: from its reserved numbers, never one the register has. */
export function useSuggestedHoleId(): string {
  const owner = useHoleNumberOwner();
  // One reader per owner, so the snapshot is cached between renders (useDocSnapshot's rule).
  const read = useMemo(() => (doc: HolesDoc) => suggestHoleId(doc, year(), owner), [owner]);
  return useDocSnapshot(HOLES_DOC_NAME, read);
}
