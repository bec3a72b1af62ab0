import { Button, Divider, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { APP_VERSION_LABEL } from '@plod/model';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConnection } from '../sync';
import { setAutoSync, useAutoSync } from './settings';

export function formatLastSynced(at: number | null): string {
  return at === null ? 'Not yet this session' : new Date(at).toLocaleString('en-US');
}

/** SPEC 2 Settings modal: Data Synchronization, Security (display only), About, Site Setup, Close. */
export function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const autoSync = useAutoSync();
  const { lastSyncedAt } = useConnection();
  // Display only (SPEC): devices join with an access code; there is nothing to switch here yet.
  const [requireAuth, setRequireAuth] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" size="md">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Data Synchronization
        </Title>
        <Switch
          label="Auto-sync"
          description="Sync reports automatically when there is signal"
          checked={autoSync}
          onChange={(event) => setAutoSync(event.currentTarget.checked)}
        />
        <Divider />
        <Title order={3} fz="lg">
          Security
        </Title>
        <Switch
          label="Require authentication"
          description="Ask for a login before opening reports"
          checked={requireAuth}
          onChange={(event) => setRequireAuth(event.currentTarget.checked)}
        />
        <Divider />
        <Title order={3} fz="lg">
          About
        </Title>
        <Text>Version {APP_VERSION_LABEL}</Text>
        <Text c="dimmed">Last synced: {formatLastSynced(lastSyncedAt)}</Text>
        <Button component={Link} to="/site-setup" variant="light">
          Site Setup
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
