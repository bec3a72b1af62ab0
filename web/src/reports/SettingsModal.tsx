import { Button, Divider, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APP_VERSION_LABEL } from '@plod/model';
import { useState } from 'react';
import { Link } from 'react-router';
import { readDevice, signOut, useAuth } from '../auth';
import { useConnection } from '../sync';
import { AdminLoginModal } from './AdminLoginModal';
import { ListModal } from './ListModal';
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
  const [loginOpen, setLoginOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const auth = useAuth();
  const device = readDevice();
  const doSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
    notifications.show({ title: 'Signed out', message: 'The supervisor session has ended.' });
  };
  return (
    <>
      <AdminLoginModal
        opened={loginOpen}
        onClose={() => {
          setLoginOpen(false);
          onClose();
        }}
      />
      <ListModal title="Settings" opened={opened && !loginOpen} onClose={onClose}>
        <Heading>Data Synchronization</Heading>
        <Switch
          label="Auto-sync"
          description="Sync reports automatically when there is signal"
          checked={autoSync}
          onChange={(event) => setAutoSync(event.currentTarget.checked)}
        />
        <Divider />
        <Heading>Security</Heading>
        <Switch
          label="Require authentication"
          description="Ask for a login before opening reports"
          checked={requireAuth}
          onChange={(event) => setRequireAuth(event.currentTarget.checked)}
        />
        {auth.kind === 'supervisor' ? (
          <Button
            variant="light"
            color="red"
            disabled={signingOut}
            onClick={() => void doSignOut()}
          >
            {signingOut ? 'Signing out...' : 'Sign out'}
          </Button>
        ) : (
          <Button variant="light" onClick={() => setLoginOpen(true)}>
            Administrator Login
          </Button>
        )}
        <Divider />
        <Heading>About</Heading>
        <Text>Version {APP_VERSION_LABEL}</Text>
        <Text data-testid="signed-in">
          {auth.kind === 'supervisor'
            ? `Signed in as ${auth.username} (supervisor)`
            : 'No supervisor signed in'}
        </Text>
        <Text data-testid="this-device">
          {device
            ? `This device: ${device.deviceName || 'unnamed'} (joined)`
            : 'This device has not joined'}
        </Text>
        <Text c="dimmed">Last synced: {formatLastSynced(lastSyncedAt)}</Text>
        <Button component={Link} to="/site-setup" variant="light">
          Site Setup
        </Button>
      </ListModal>
    </>
  );
}

/** A part of the settings: its name above it. */
function Heading({ children }: { children: string }) {
  return (
    <Title order={3} fz="lg">
      {children}
    </Title>
  );
}
