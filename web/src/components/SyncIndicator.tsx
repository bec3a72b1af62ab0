import { Badge, Box, Text } from '@mantine/core';
import { useSyncStatus, type SyncStatus } from '../sync';

const LOOK: Record<SyncStatus, { color: string; label: string }> = {
  online: { color: 'green', label: 'Online' },
  syncing: { color: 'yellow', label: 'Syncing' },
  offline: { color: 'red', label: 'Offline' },
};

/** SPEC's sync dot: online green, syncing yellow, offline red; the word says it for colour-blind eyes. */
export function SyncIndicator() {
  const status = useSyncStatus();
  const { color, label } = LOOK[status];
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      data-testid="sync-indicator"
      data-status={status}
      leftSection={<Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: '50%' }} />}
    >
      <Text span size="sm" fw={700}>
        {label}
      </Text>
    </Badge>
  );
}
