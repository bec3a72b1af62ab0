import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DEVICES_PER_PAGE, formatWhen, orderDevices, type JoinedDevice } from '../../setup/devices';
import { useCrewAccess } from '../../setup/useCrewAccess';
import { useConnection } from '../../sync';
import { useConfirm } from '../../components/ConfirmModal';
import { notifyFailure, notifySuccess } from '../../setup/notify';
import { useWide } from '../../lib/useWide';

/** Crew access: the code devices join with, rotating it, and the joined devices with Revoke. */
export function DevicesTab() {
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const { state, reload, rotate, revoke } = useCrewAccess(online);
  const confirm = useConfirm();
  const wide = useWide();
  // A year of crews joining and leaving makes a long list: the ones in use come first, a page at a time.
  const [shown, setShown] = useState(DEVICES_PER_PAGE);

  if (!online) {
    return (
      <Alert color="yellow" title="Offline">
        Crew devices are managed on the server: connect to the network to see the access code and
        the joined devices.
      </Alert>
    );
  }
  if (state.status === 'loading') return <Text size="md">Loading crew access...</Text>;
  if (state.status === 'error') {
    return (
      <Alert color="red" title="Could not load crew access" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{state.message}</Text>
          <Button variant="light" onClick={reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const askRotate = () =>
    confirm.ask({
      title: 'Rotate access code',
      message:
        'Rotate the crew access code? The current code stops working for new devices; ' +
        'devices that already joined stay joined.',
      confirmLabel: 'Rotate',
      onConfirm: async () => {
        const error = await rotate();
        if (error) notifyFailure(`Failed to rotate the access code: ${error}`);
        else notifySuccess('Access code rotated', 'Give crews the new code to join new devices.');
      },
    });
  const askRevoke = (device: JoinedDevice) =>
    confirm.ask({
      title: 'Revoke device',
      message:
        `Revoke "${device.name}"? It is disconnected at once and needs the access code ` +
        'to join again. Reports on it stay on the device.',
      confirmLabel: 'Revoke',
      onConfirm: async () => {
        const error = await revoke(device.id);
        if (error) notifyFailure(`Failed to revoke the device: ${error}`);
        else notifySuccess('Device revoked', `"${device.name}" can no longer sync.`);
      },
    });

  const devices = orderDevices(state.devices);
  const page = devices.slice(0, shown);
  const more = devices.length - page.length;

  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-label="Crew access code">
        <Stack gap="xs">
          <Title order={2} fz={20}>
            Crew access code
          </Title>
          <Text c="dimmed" size="sm">
            A crew device joins once with this code.
          </Text>
          <Text
            ff="monospace"
            fw={700}
            fz={{ base: 32, sm: 40 }}
            style={{ letterSpacing: '0.08em', wordBreak: 'break-all' }}
            data-testid="crew-access-code"
          >
            {state.code.code}
          </Text>
          <Text c="dimmed" size="sm">
            Last rotated: {formatWhen(state.code.rotatedAt)}
          </Text>
          <Stack gap="xs">
            <CopyButton value={state.code.code}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy code'}
                </Button>
              )}
            </CopyButton>
            <Button variant="light" color="orange" onClick={askRotate}>
              Rotate code
            </Button>
          </Stack>
        </Stack>
      </Card>
      <Title order={2} fz={20}>
        Joined devices
      </Title>
      {state.devices.length === 0 ? (
        <Text c="dimmed" size="md">
          No devices have joined yet.
        </Text>
      ) : wide ? (
        <DeviceTable devices={page} onRevoke={askRevoke} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Joined devices">
          {page.map((device) => (
            <DeviceCard key={device.id} device={device} onRevoke={() => askRevoke(device)} />
          ))}
        </Stack>
      )}
      {more > 0 && (
        <Group justify="space-between">
          <Text c="dimmed" size="sm">
            Showing {page.length} of {devices.length} devices
          </Text>
          <Button variant="default" onClick={() => setShown((n) => n + DEVICES_PER_PAGE)}>
            Show {Math.min(more, DEVICES_PER_PAGE)} more
          </Button>
        </Group>
      )}
      {confirm.modal}
    </Stack>
  );
}

/** Desk width: the joined devices as a table. */
function DeviceTable({
  devices,
  onRevoke,
}: {
  devices: readonly JoinedDevice[];
  onRevoke: (device: JoinedDevice) => void;
}) {
  return (
    <Paper withBorder radius="md">
      <Table striped verticalSpacing="xs" aria-label="Joined devices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Last seen</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} aria-label={device.name}>
              <Table.Td fw={700} style={{ overflowWrap: 'anywhere' }}>
                {device.name}
              </Table.Td>
              <Table.Td>{formatWhen(device.joinedAt)}</Table.Td>
              <Table.Td>{formatWhen(device.lastSeenAt)}</Table.Td>
              <Table.Td>
                {device.revokedAt !== null ? (
                  <Group gap="xs">
                    <Badge color="red">Revoked</Badge>
                    <Text size="sm" c="dimmed">
                      {formatWhen(device.revokedAt)}
                    </Text>
                  </Group>
                ) : (
                  <Button variant="light" color="red" onClick={() => onRevoke(device)}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function DeviceCard({ device, onRevoke }: { device: JoinedDevice; onRevoke: () => void }) {
  const revoked = device.revokedAt !== null;
  return (
    <Card component="li" withBorder aria-label={device.name}>
      <Stack gap={2}>
        <Group gap="xs">
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {device.name}
          </Title>
          {revoked && <Badge color="red">Revoked</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          Joined: {formatWhen(device.joinedAt)}
        </Text>
        <Text c="dimmed" size="sm">
          Last seen: {formatWhen(device.lastSeenAt)}
        </Text>
        {revoked ? (
          <Text c="dimmed" size="sm">
            Revoked: {formatWhen(device.revokedAt)}
          </Text>
        ) : (
          <Button variant="light" color="red" mt="xs" onClick={onRevoke}>
            Revoke
          </Button>
        )}
      </Stack>
    </Card>
  );
}
