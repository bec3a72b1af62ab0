import { Badge, Box, Text } from '@mantine/core';
import { useConnection, type SyncStatus } from '../sync';

type Look = 'online' | 'syncing' | 'offline' | 'paused';

const LOOK: Record<Look, { color: string; label: string }> = {
  online: { color: 'green', label: 'Online' },
  syncing: { color: 'yellow', label: 'Syncing' },
  offline: { color: 'red', label: 'Offline' },
  paused: { color: 'red', label: 'Sync paused' },
};

/** Which word the indicator shows: paused (the person's choice) reads apart from no signal. */
export function indicatorLook(status: SyncStatus, enabled: boolean): Look {
  return enabled ? status : 'paused';
}

/**
 * SPEC's sync dot: online green, syncing yellow, offline red; the word says it for colour-blind
 * eyes, and says "Sync paused" when the person paused syncing (data-status stays 'offline').
 */
export function SyncIndicator() {
  const { status, enabled } = useConnection();
  const look = indicatorLook(status, enabled);
  const { color, label } = LOOK[look];
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      data-testid="sync-indicator"
      data-status={status}
      role="status"
      leftSection={<Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: '50%' }} />}
    >
      <Text span size="sm" fw={700}>
        {label}
      </Text>
    </Badge>
  );
}
