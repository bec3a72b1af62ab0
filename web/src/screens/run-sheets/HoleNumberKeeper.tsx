import { HOLES_DOC_NAME, needsHoleNumbers } from '@plod/model';
import { useEffect, useMemo, useRef } from 'react';
import { apiJson, jsonBody } from '../../auth';
import { useDocSnapshot, useSyncStatus } from '../../sync';
import { useHoleNumberOwner, year, type HolesDoc } from './hole-numbers';

/**
 * Keeps this device stocked with reserved hole numbers: whenever it is online and holds fewer than
 * a few, it asks the server for a block (model hole-numbers.ts), which arrives with the hole register.
 * Mounted once for the whole app, so a phone is stocked before it first goes out of signal.
 */
export default function HoleNumberKeeper() {
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
