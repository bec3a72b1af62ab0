import { Anchor, Button, Card, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { joinDevice, useAuth } from '../auth';
import { joinFailureMessage } from '../auth/messages';
import { FailureForm } from '../components/FailureForm';
import { ScreenHeader } from '../components/ScreenHeader';
import { getDeviceName, setDeviceName } from '../session/device-name';
import { requestPersistentStorage } from '../session/storage';

interface JoinValues {
  code: string;
  deviceName: string;
}

/**
 * A phone joins the deployment once with the access code a supervisor gives the crew; the device
 * token it receives goes with every request and sync connection from then on. Shown at /join and
 * in place of any crew screen on a phone that has not joined: there, joining opens the screen that
 * was asked for (a plod's link keeps its address through the join).
 */
export default function Join() {
  const navigate = useNavigate();
  const location = useLocation();
  const atJoin = location.pathname === '/join';
  // A supervisor signing in from a screen's own address (a plod's link) comes back to it; from the
  // list or /join, sign-in leads to Site Setup as the SPEC says.
  const returnTo =
    atJoin || location.pathname === '/' ? undefined : location.pathname + location.search;
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<JoinValues>({
    initialValues: { code: '', deviceName: getDeviceName() },
    validate: {
      code: (value) => (value.trim() ? null : 'Access code is required'),
      deviceName: (value) => (value.trim() ? null : 'Device name is required'),
    },
  });
  const submit = async ({ code, deviceName }: JoinValues) => {
    setBusy(true);
    setFailure(null);
    try {
      const name = deviceName.trim();
      await joinDevice(code.trim(), name);
      // Presence shows the same name the supervisor sees in the device list.
      setDeviceName(name);
      // Plods not yet synced live only on this phone: ask the browser not to evict them.
      void requestPersistentStorage();
      if (atJoin) void navigate('/');
    } catch (error) {
      setFailure(joinFailureMessage(error));
      setBusy(false);
    }
  };
  return (
    <>
      <ScreenHeader
        title="Join this device"
        subtitle="Enter the access code from your supervisor. You only do this once on each phone."
        withSync={false}
      />
      <Card maw={440} mx="auto">
        {auth.kind === 'device' && (
          <Text mb="md" data-testid="joined-as">
            This device has joined as <strong>{auth.deviceName}</strong>.{' '}
            <Anchor component={Link} to="/">
              Go to Plods
            </Anchor>
          </Text>
        )}
        <FailureForm onSubmit={form.onSubmit((values) => void submit(values))} failure={failure}>
          <TextInput
            label="Access code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            data-autofocus
            {...form.getInputProps('code')}
          />
          <TextInput
            label="Device name"
            description="How this phone shows to your supervisor and crew"
            maxLength={40}
            required
            {...form.getInputProps('deviceName')}
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? 'Joining...' : 'Join'}
          </Button>
          <Button
            component={Link}
            to="/login"
            state={returnTo ? { from: returnTo } : undefined}
            variant="subtle"
            fullWidth
          >
            Supervisor? Sign in
          </Button>
        </FailureForm>
      </Card>
    </>
  );
}
