import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { signInFailureMessage } from './messages';
import { signIn } from './session';

interface Credentials {
  username: string;
  password: string;
}

/**
 * Username, Password and Login (Logging in...), for the Admin Login page and the reports list's
 * Administrator Login modal. Both fields are required (SPEC 5); the toasts are SPEC 8's.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm<Credentials>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : 'Username is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });
  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    try {
      await signIn(username.trim(), password);
      notifications.show({
        color: 'green',
        title: 'Login Successful',
        message: `Signed in as ${username.trim()}`,
      });
      onSignedIn();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Login Failed',
        message: signInFailureMessage(error),
      });
      form.setFieldValue('password', '');
      setBusy(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
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
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
