import { Badge, Box, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useConnection, useSyncRuntime, type SyncStatus } from '../sync';

type Look = 'online' | 'syncing' | 'offline' | 'paused' | 'refused';

const LOOK: Record<Look, { color: string; label: string }> = {
  online: { color: 'green', label: 'Online' },
  syncing: { color: 'yellow', label: 'Syncing' },
  offline: { color: 'red', label: 'Offline' },
  paused: { color: 'red', label: 'Sync paused' },
  refused: { color: 'orange', label: 'Not accepted' },
};

/**
 * Which word the indicator shows: paused (the person's choice) reads apart from no signal, and a
 * document the server refused (SyncRefusedNotes says which and why) is never called "Syncing".
 */
export function indicatorLook(status: SyncStatus, enabled: boolean, refused: boolean): Look {
  if (!enabled) return 'paused';
  if (refused && status !== 'offline') return 'refused';
  return status;
}

/**
 * SPEC's sync dot: online green, syncing yellow, offline red; the word says it for colour-blind
 * eyes, and says "Sync paused" when the person paused syncing (data-status stays 'offline'), and
 * "Not accepted" while the server refuses a document's changes.
 */
export function SyncIndicator() {
  const { status, enabled } = useConnection();
  const { refusals } = useSyncRuntime();
  const refused = useSyncExternalStore(refusals.subscribe, refusals.list).length > 0;
  const look = indicatorLook(status, enabled, refused);
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
