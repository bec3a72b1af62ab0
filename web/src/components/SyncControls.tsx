import { Badge, Button } from '@mantine/core';
import { useConnection } from '../sync';

/**
 * Pauses or resumes syncing. It names what a tap does, never the state: the sync indicator shows
 * the state, once ("Online", "Offline", "Sync paused").
 */
export function SyncToggle() {
  const { enabled, setEnabled } = useConnection();
  return (
    <Button
      variant={enabled ? 'default' : 'filled'}
      color={enabled ? undefined : 'green'}
      onClick={() => setEnabled(!enabled)}
      data-testid="network-toggle"
    >
      {enabled ? 'Pause sync' : 'Resume sync'}
    </Button>
  );
}

/** Pause/Resume sync and Sync now with the pending count: the reports list's header buttons. */
export function SyncControls() {
  const { enabled, pending, syncNow } = useConnection();
  return (
    // A fragment: the two buttons sit in the caller's grid or group as cells of their own.
    <>
      <SyncToggle />
      <Button
        variant="default"
        onClick={syncNow}
        disabled={!enabled}
        rightSection={
          <Badge
            circle={pending < 10}
            color={pending > 0 ? 'orange' : 'gray'}
            data-testid="pending-count"
          >
            {pending}
          </Badge>
        }
      >
        Sync now
      </Button>
    </>
  );
}
