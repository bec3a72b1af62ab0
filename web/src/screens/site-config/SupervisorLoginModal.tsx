import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError, signIn } from '../../auth';
import { SITE_CONFIG_MESSAGES } from './api';

interface Credentials {
  username: string;
  password: string;
}

/** What a failed sign-in tells the supervisor (SPEC 6: wrong credentials have their own words). */
export function signInFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SITE_CONFIG_MESSAGES.invalidCredentials;
    return error.serverMessage;
  }
  return error instanceof Error ? error.message : 'Login failed';
}

export interface SupervisorLoginModalProps {
  /** Cancel: the page stays locked and the caller leaves it. */
  onCancel: () => void;
}

/**
 * SPEC 2/6: Site Configuration is locked until a supervisor signs in. The sign-in is the server's
 * (session cookie); once it succeeds useAuth reports a supervisor and the page unlocks by itself.
 */
export function SupervisorLoginModal({ onCancel }: SupervisorLoginModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Credentials>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() === '' ? 'Username is required' : null),
      password: (v) => (v === '' ? 'Password is required' : null),
    },
  });
  const submit = form.onSubmit(async ({ username, password }) => {
    setBusy(true);
    setFailure(null);
    try {
      await signIn(username.trim(), password);
    } catch (error) {
      setFailure(signInFailure(error));
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onCancel} title="Supervisor Login" closeOnClickOutside={false} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text c="dimmed">Site configuration is for drill site supervisors only.</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Username"
            autoComplete="username"
            required
            data-autofocus
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group grow>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Login
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
