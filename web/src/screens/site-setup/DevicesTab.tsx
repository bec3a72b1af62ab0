import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Site } from '@plod/model';
import {
  DEVICES_PER_PAGE,
  deviceSitesText,
  formatWhen,
  orderDevices,
  type JoinedDevice,
  type SiteCrewCode,
} from '../../setup/devices';
import { useSetupSnapshot } from '../../setup/useSetupEditor';
import { useCrewAccess } from '../../setup/useCrewAccess';
import { useConnection } from '../../sync';
import { useConfirm } from '../../components/ConfirmModal';
import { notifyFailure, notifySuccess } from '../../setup/notify';
import { useWide } from '../../lib/useWide';
import { PaperTable } from '../../components/PaperTable';
import { TableHead } from '../../components/TableHead';

/** Crew access: the code devices join with, rotating it, and the joined devices with Revoke. */
export function DevicesTab() {
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const { state, reload, rotate, rotateSite, revoke } = useCrewAccess(online);
  const { sites } = useSetupSnapshot();
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

  const askSiteCode = (site: Site, existing: SiteCrewCode | undefined) => {
    const run = async () => {
      const error = await rotateSite(site.id);
      if (error) notifyFailure(`Failed to make the code for ${site.siteName}: ${error}`);
      else
        notifySuccess(
          `Site code for ${site.siteName} ${existing ? 'rotated' : 'created'}`,
          `A phone that joins with it sees ${site.siteName}'s plods only.`,
        );
    };
    if (!existing) {
      void run();
      return;
    }
    confirm.ask({
      title: `Rotate the code for ${site.siteName}`,
      message:
        `Rotate the crew code for ${site.siteName}? The current code stops working for new ` +
        'devices; devices that joined with it stay devices of the site.',
      confirmLabel: 'Rotate',
      onConfirm: run,
    });
  };
  const siteName = (id: string) => sites.find((s) => s.id === id)?.siteName;
  const codeOf = (siteId: string) => state.siteCodes.find((c) => c.siteId === siteId);
  const liveSites = sites.filter((s) => !s.archivedAt);

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
            A crew device joins once with this code and sees every site. To keep a phone to one
            site, give it that site&apos;s code below.
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
        Site crew codes
      </Title>
      <Text c="dimmed" size="sm" mt={-8}>
        A phone that joins with a site&apos;s code reads and writes that site&apos;s plods and
        photos only. Joining again with another site&apos;s code adds that site.
      </Text>
      <Listing
        label="Site crew codes"
        none={liveSites.length === 0 ? 'Add a site first.' : null}
        table={wide && <SiteCodeTable sites={liveSites} codeOf={codeOf} onRotate={askSiteCode} />}
      >
        {liveSites.map((site) => (
          <SiteCodeCard
            key={site.id}
            site={site}
            code={codeOf(site.id)}
            onRotate={() => askSiteCode(site, codeOf(site.id))}
          />
        ))}
      </Listing>
      <Title order={2} fz={20}>
        Joined devices
      </Title>
      <Listing
        label="Joined devices"
        none={state.devices.length === 0 ? 'No devices have joined yet.' : null}
        table={wide && <DeviceTable devices={page} siteName={siteName} onRevoke={askRevoke} />}
      >
        {page.map((device) => (
          <DeviceCard
            key={device.id}
            device={device}
            sitesText={deviceSitesText(device, siteName)}
            onRevoke={() => askRevoke(device)}
          />
        ))}
      </Listing>
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

/** Desk width: each site with its crew code (or none yet) and Create / Rotate. */
/** A list under its heading: a line where it is empty, else its table (wide screens) or its cards. */
function Listing({
  label,
  none,
  table,
  children,
}: {
  label: string;
  none: string | null;
  table: ReactNode;
  children: ReactNode;
}) {
  if (none !== null) {
    return (
      <Text c="dimmed" size="md">
        {none}
      </Text>
    );
  }
  if (table) return table;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={label}>
      {children}
    </Stack>
  );
}

function SiteCodeTable({
  sites,
  codeOf,
  onRotate,
}: {
  sites: readonly Site[];
  codeOf: (siteId: string) => SiteCrewCode | undefined;
  onRotate: (site: Site, existing: SiteCrewCode | undefined) => void;
}) {
  return (
    <PaperTable
      verticalSpacing="xs"
      aria-label="Site crew codes"
      head={<TableHead columns={['Site', 'Code', 'Last rotated', 'Change']} />}
    >
      {sites.map((site) => {
        const code = codeOf(site.id);
        return (
          <Table.Tr key={site.id} aria-label={site.siteName}>
            <Table.Td fw={700} style={{ overflowWrap: 'anywhere' }}>
              {site.siteName}
            </Table.Td>
            <Table.Td>
              {code ? (
                <Group gap="xs" wrap="nowrap">
                  <Text ff="monospace" fw={700} fz="lg" data-testid="site-crew-code">
                    {code.code}
                  </Text>
                  <CopyButton value={code.code}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="subtle"
                        color={copied ? 'green' : undefined}
                        onClick={copy}
                        aria-label={`Copy the code for ${site.siteName}`}
                      >
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              ) : (
                <Text c="dimmed">No code yet</Text>
              )}
            </Table.Td>
            <Table.Td>{code ? formatWhen(code.rotatedAt) : '—'}</Table.Td>
            <Table.Td>
              <Button
                variant="light"
                color={code ? 'orange' : undefined}
                onClick={() => onRotate(site, code)}
                aria-label={`${code ? 'Rotate' : 'Create'} code for ${site.siteName}`}
              >
                {code ? 'Rotate' : 'Create code'}
              </Button>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </PaperTable>
  );
}

/** Phone width: one card per site. */
function SiteCodeCard({
  site,
  code,
  onRotate,
}: {
  site: Site;
  code: SiteCrewCode | undefined;
  onRotate: () => void;
}) {
  return (
    <Card component="li" withBorder aria-label={site.siteName}>
      <Stack gap={4}>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {site.siteName}
        </Title>
        {code ? (
          <>
            <Text ff="monospace" fw={700} fz={24} data-testid="site-crew-code">
              {code.code}
            </Text>
            <Text c="dimmed" size="sm">
              Last rotated: {formatWhen(code.rotatedAt)}
            </Text>
          </>
        ) : (
          <Text c="dimmed" size="sm">
            No code yet
          </Text>
        )}
        <Button
          variant="light"
          color={code ? 'orange' : undefined}
          mt="xs"
          onClick={onRotate}
          aria-label={`${code ? 'Rotate' : 'Create'} code for ${site.siteName}`}
        >
          {code ? 'Rotate code' : 'Create code'}
        </Button>
      </Stack>
    </Card>
  );
}

/** Desk width: the joined devices as a table. */
function DeviceTable({
  devices,
  siteName,
  onRevoke,
}: {
  devices: readonly JoinedDevice[];
  siteName: (id: string) => string | undefined;
  onRevoke: (device: JoinedDevice) => void;
}) {
  return (
    <PaperTable
      verticalSpacing="xs"
      aria-label="Joined devices"
      head={<TableHead columns={['Device', 'Sites', 'Joined', 'Last seen', 'Access']} />}
    >
      {devices.map((device) => (
        <Table.Tr key={device.id} aria-label={device.name}>
          <Table.Td fw={700} style={{ overflowWrap: 'anywhere' }}>
            {device.name}
          </Table.Td>
          <Table.Td>{deviceSitesText(device, siteName)}</Table.Td>
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
    </PaperTable>
  );
}

function DeviceCard({
  device,
  sitesText,
  onRevoke,
}: {
  device: JoinedDevice;
  sitesText: string;
  onRevoke: () => void;
}) {
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
        <Text size="sm">Sites: {sitesText}</Text>
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
