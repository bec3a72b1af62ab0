import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Site } from '@plod/model';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiFetch, apiJson, jsonBody } from '../../auth';
import { useConfirm } from '../../components/ConfirmModal';
import { SettingsCard } from './SettingsCard';

interface ClientAccount {
  id: string;
  username: string;
  siteIds: string[];
}

interface NewClient {
  username: string;
  password: string;
  siteIds: string[];
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : String(error);

/**
 * Client accounts (the contractor's customers): each signs in with its own username and password
 * and may read, approve and return the plods of the sites chosen here, and nothing else.
 */
export function ClientAccounts({ sites, online }: { sites: readonly Site[]; online: boolean }) {
  const [accounts, setAccounts] = useState<ClientAccount[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const form = useForm<NewClient>({
    initialValues: { username: '', password: '', siteIds: [] },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) => (v ? null : 'Password is required'),
      siteIds: (v) => (v.length > 0 ? null : 'Choose at least one site'),
    },
  });

  const load = useCallback(() => {
    apiJson<ClientAccount[]>('/api/client-accounts').then(
      (list) => {
        setAccounts(list);
        setFailure(null);
      },
      (error: unknown) => setFailure(messageOf(error)),
    );
  }, []);
  useEffect(() => {
    if (online) load();
  }, [online, load]);

  const create = async (values: NewClient) => {
    setBusy(true);
    try {
      await apiJson('/api/client-accounts', jsonBody('POST', values));
      notifications.show({
        color: 'green',
        title: 'Client account',
        message: `Client account "${values.username.trim()}" created`,
      });
      form.reset();
      load();
    } catch (error) {
      const message = messageOf(error);
      // The server's words beside the field they are about.
      if (/username/i.test(message)) form.setFieldError('username', message);
      else if (/password/i.test(message)) form.setFieldError('password', message);
      else form.setFieldError('siteIds', message);
    } finally {
      setBusy(false);
    }
  };

  const remove = (account: ClientAccount) =>
    confirm.ask({
      title: 'Remove client account',
      message: `Remove ${account.username}? They are signed out and can no longer see any plods.`,
      confirmLabel: 'Remove',
      onConfirm: async () => {
        try {
          await apiFetch(`/api/client-accounts/${encodeURIComponent(account.id)}`, {
            method: 'DELETE',
          });
          load();
        } catch (error) {
          notifications.show({ color: 'red', title: 'Client account', message: messageOf(error) });
        }
      },
    });

  const siteName = (id: string) => sites.find((s) => s.id === id)?.siteName ?? 'Removed site';

  return (
    <SettingsCard title="Client accounts" order={2} modal={confirm.modal}>
      <Text c="dimmed" size="sm">
        A client signs in on the Administrator Login page and may read, approve and return the plods
        of its sites only.
      </Text>
      {!online ? (
        <Alert color="gray" variant="light">
          Client accounts need the network.
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          {accounts?.length === 0 && <Text c="dimmed">No client accounts yet</Text>}
          {accounts?.map((account) => (
            <Group
              key={account.id}
              justify="space-between"
              wrap="nowrap"
              data-testid="client-account"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700}>{account.username}</Text>
                <Text size="sm" c="dimmed">
                  {account.siteIds.map(siteName).join(', ')}
                </Text>
              </Stack>
              <Button variant="light" color="red" onClick={() => remove(account)}>
                Remove
              </Button>
            </Group>
          ))}
          <form onSubmit={form.onSubmit((values) => void create(values))} noValidate>
            <Stack gap="sm">
              <Title order={3} fz={18}>
                New client account
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Client username"
                  autoComplete="off"
                  autoCapitalize="none"
                  required
                  {...form.getInputProps('username')}
                />
                <PasswordInput
                  label="Client password"
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
              </SimpleGrid>
              <Checkbox.Group label="Sites" required {...form.getInputProps('siteIds')}>
                <Stack gap="xs" mt="xs">
                  {sites.map((site) => (
                    <Checkbox key={site.id} value={site.id} label={site.siteName} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Button type="submit" loading={busy}>
                Create client account
              </Button>
            </Stack>
          </form>
        </>
      )}
    </SettingsCard>
  );
}
