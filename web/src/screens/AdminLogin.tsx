import { Anchor, Card, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { signedOutOnThisLoad } from '../auth/sign-out-on-load';
import { useAuth } from '../auth';
import { SignInForm } from '../auth/SignInForm';
import { ScreenHeader } from '../components/ScreenHeader';
import { CLIENT_HOME } from '../routes/client';
import { SUPERVISOR_HOME } from '../routes/supervisor';

/** Where a sign-in started from a gated screen (a plod's link) goes back to, if anywhere. */
function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  // Only a path of this app: never a URL elsewhere.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * SPEC 2 Admin Login: supervisors sign in against the server and go on to Live Reports (the screen a
 * supervisor watches), or back to the screen (a plod's address) whose gate sent them here. A client
 * account signs in here too and goes on to its plods for review.
 */
export default function AdminLogin() {
  const navigate = useNavigate();
  const from = returnPath(useLocation().state);
  const auth = useAuth();
  useEffect(() => {
    void signedOutOnThisLoad().then((signedOut) => {
      if (signedOut) notifications.show({ color: 'green', message: 'Signed out' });
    });
  }, []);
  return (
    <>
      <ScreenHeader
        title="Administrator Login"
        subtitle="This page is for drill site supervisors only."
        backTo="/"
        backLabel="Back to Plods"
        withSync={false}
      />
      <Card maw={440} mx="auto">
        <Stack gap="md">
          {auth.kind === 'supervisor' && (
            <Text data-testid="signed-in-as">
              Signed in as <strong>{auth.username}</strong>.{' '}
              <Anchor component={Link} to={SUPERVISOR_HOME}>
                Go to Live Reports
              </Anchor>
            </Text>
          )}
          {auth.kind === 'client' && (
            <Text data-testid="signed-in-as">
              Signed in as <strong>{auth.username}</strong> (client).{' '}
              <Anchor component={Link} to={CLIENT_HOME}>
                Go to Plods for review
              </Anchor>
            </Text>
          )}
          <SignInForm
            onSignedIn={(role) =>
              void navigate(from ?? (role === 'client' ? CLIENT_HOME : SUPERVISOR_HOME))
            }
          />
          <Text size="sm" c="dimmed">
            Crew members do not sign in: a supervisor gives each phone an access code to{' '}
            <Anchor component={Link} to="/join">
              join this device
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    </>
  );
}
