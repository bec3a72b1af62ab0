import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FailureForm } from '../components/FailureForm';
import { LOGIN_FAILED_MESSAGE, signInFailureMessage } from './messages';
import { signIn } from './session';

interface Credentials {
  username: string;
  password: string;
}

export interface SignInFormProps {
  /** After the server accepted the sign-in (useAuth reports the account by then), with its role. */
  onSignedIn?: (role: 'supervisor' | 'client') => void;
  /**
   * How the outcome shows. 'toasts': SPEC 8's Login Successful and Login Failed toasts (/login and
   * the reports list's Administrator Login). 'inline': a failure alert above the fields and no toast
   * on success, where the screen itself changes (Site Configuration's supervisor check).
   */
  feedback?: 'toasts' | 'inline';
  /** What wrong credentials (401) are called: SPEC 8's Login Failed words unless told. */
  invalidCredentials?: string;
  /** Shows Cancel beside Login. */
  onCancel?: () => void;
}

/**
 * Username, Password and Login (Logging in...) against the server's sign-in, for every place a
 * supervisor signs in. Both fields are required (SPEC 5).
 */
export function SignInForm({
  onSignedIn,
  feedback = 'toasts',
  invalidCredentials = LOGIN_FAILED_MESSAGE,
  onCancel,
}: SignInFormProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Credentials>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : 'Username is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });
  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    setFailure(null);
    try {
      const role = await signIn(username.trim(), password);
      if (feedback === 'toasts') {
        notifications.show({
          color: 'green',
          title: 'Login Successful',
          message: `Signed in as ${username.trim()}`,
        });
      }
      onSignedIn?.(role);
    } catch (error) {
      const message = signInFailureMessage(error, invalidCredentials);
      if (feedback === 'toasts') {
        notifications.show({ color: 'red', title: 'Login Failed', message });
      } else {
        setFailure(message);
      }
      form.setFieldValue('password', '');
      setBusy(false);
    }
  };
  const login = (
    <Button type="submit" disabled={busy} fullWidth={!onCancel}>
      {busy ? 'Logging in...' : 'Login'}
    </Button>
  );
  return (
    <FailureForm onSubmit={form.onSubmit((values) => void submit(values))} failure={failure}>
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
      {onCancel ? (
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {login}
        </Group>
      ) : (
        login
      )}
    </FailureForm>
  );
}
