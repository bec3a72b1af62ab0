import { HOLES_DOC_NAME, holeNumberOwner, needsHoleNumbers, suggestHoleId } from '@plod/model';
import { useEffect, useMemo, useRef } from 'react';
import { apiJson, jsonBody, useAuth } from '../../auth';
import { useDocSnapshot, useSyncStatus } from '../../sync';

type HolesDoc = Parameters<typeof suggestHoleId>[0];

/** Who holds hole numbers on this device: the joined device, or the supervisor signed in. */
export function useHoleNumberOwner(): string | null {
  const auth = useAuth();
  if (auth.kind === 'device') return holeNumberOwner({ kind: 'device', deviceId: auth.deviceId });
  if (auth.kind === 'supervisor')
    return holeNumberOwner({ kind: 'supervisor', username: auth.username });
  return null;
}

const year = () => new Date().getFullYear();

/** The hole id this device suggests: from its reserved numbers, never one the register has. */
export function useSuggestedHoleId(): string {
  const owner = useHoleNumberOwner();
  // One reader per owner, so the snapshot is cached between renders (useDocSnapshot's rule).
  const read = useMemo(() => (doc: HolesDoc) => suggestHoleId(doc, year(), owner), [owner]);
  return useDocSnapshot(HOLES_DOC_NAME, read);
}

/**
 * Keeps this device stocked with reserved hole numbers: whenever it is online and holds fewer than
 * a few, it asks the server for a block (model hole-numbers.ts), which arrives with the hole register.
 * Mounted once for the whole app, so a phone is stocked before it first goes out of signal.
 */
export function HoleNumberKeeper() {
  const owner = useHoleNumberOwner();
  const status = useSyncStatus();
  const read = useMemo(
    () => (doc: HolesDoc) => owner !== null && needsHoleNumbers(doc, owner, year()),
    [owner],
  );
  const needed = useDocSnapshot(HOLES_DOC_NAME, read);
  const asking = useRef(false);
  useEffect(() => {
    if (!needed || status !== 'online' || asking.current) return;
    asking.current = true;
    // No signal after all, or a refusal: asked again when the status next changes.
    apiJson('/api/hole-numbers', jsonBody('POST', { year: year() }))
      .catch(() => undefined)
      .finally(() => {
        asking.current = false;
      });
  }, [needed, status]);
  return null;
}
