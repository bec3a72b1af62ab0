import { useMatches } from 'react-router';
import { PresenceBar } from '../../components/PresenceBar';
import { usePlod } from './plod-context';
import { PlodStatusBanner } from './StatusBanner';
import { RemovedRowConflicts } from '../history/RemovedRowConflicts';
import { RowConflictNotes } from '../history/RowConflictNotes';

/** The screen's name in presence: its route's `presence` (or title). */
function useScreenName(): string {
  const handle = useMatches().at(-1)?.handle;
  if (typeof handle !== 'object' || handle === null) return 'Plod';
  const named = handle as { presence?: unknown; title?: unknown };
  return String(named.presence ?? named.title ?? 'Plod');
}

/**
 * What every report screen shows under its header: who else has this plod open and where, this
 * phone's late edits, the plod's lifecycle banner, rows deleted while someone changed them, and
 * fields of rows two devices changed while apart.
 */
export function PlodBar() {
  const { docName } = usePlod();
  return (
    <>
      <PresenceBar docName={docName} screen={useScreenName()} />
      <PlodStatusBanner />
      <RemovedRowConflicts docName={docName} />
      <RowConflictNotes docName={docName} />
    </>
  );
}
