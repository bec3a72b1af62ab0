import { Badge, Button } from '@mantine/core';
import { useConnection } from '../sync';

/** Online/Offline toggle and Sync Now with the pending count: the reports list's header buttons. */
export function SyncControls() {
  const { enabled, pending, setEnabled, syncNow } = useConnection();
  return (
    // A fragment: the two buttons sit in the caller's grid or group as cells of their own.
    <>
      <Button
        variant={enabled ? 'light' : 'filled'}
        color={enabled ? 'green' : 'red'}
        onClick={() => setEnabled(!enabled)}
        aria-pressed={!enabled}
        data-testid="network-toggle"
      >
        {enabled ? 'Online' : 'Offline'}
      </Button>
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
        Sync
      </Button>
    </>
  );
}
