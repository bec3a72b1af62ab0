import { Box, Button, Container, Group, Menu, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { signOutThroughSignInPage } from '../auth/sign-out-on-load';
import { useWide } from '../lib/useWide';

/** The supervisor's places, in the order a day at the desk goes. */
export const SUPERVISOR_PLACES = [
  { label: 'Live', to: '/live' },
  { label: 'Plods', to: '/plods' },
  { label: 'Missing shifts', to: '/missing-shifts' },
  { label: 'KPIs', to: '/kpis' },
  { label: 'Site Setup', to: '/site-setup' },
  { label: 'Site Configuration', to: '/site-config' },
  { label: 'Contracts', to: '/contracts' },
  { label: 'Devices', to: '/site-setup?tab=devices' },
] as const;

/** Which place the address is: Devices is Site Setup's Devices tab. */
function isCurrent(to: string, pathname: string, search: string): boolean {
  const [path, query] = to.split('?');
  if (path === '/plods' && pathname === '/') return true;
  if (path !== pathname) return false;
  const onDevices = new URLSearchParams(search).get('tab') === 'devices';
  return query ? onDevices : !(path === '/site-setup' && onDevices);
}

// At desk width each place stays on one line: the bar's buttons keep the lg type (and a thumb's
// height) with less padding either side than a button on its own. When the bar is narrower than
// its places (a small tablet) they go onto a second row rather than breaking a name in two.
const barButton = { label: { whiteSpace: 'nowrap' } } as const;

/**
 * The supervisor menu on every screen a signed-in supervisor opens: Live, Plods, Missing shifts,
 * KPIs, Site Setup, Site Configuration, Contracts, Devices and Sign out. A bar of links at desk
 * width; one Menu button on a phone.
 */
export default function SupervisorMenu({ username }: { username: string }) {
  const wide = useWide();
  const { pathname, search } = useLocation();
  const leave = signOutThroughSignInPage;
  return (
    <Box component="nav" aria-label="Supervisor menu" bg="white" bd="1px solid gray.3">
      <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py={4}>
        <Group justify="space-between" wrap="nowrap" mih={52}>
          {wide ? (
            <Group gap={4}>
              {SUPERVISOR_PLACES.map((place) => {
                const current = isCurrent(place.to, pathname, search);
                return (
                  <Button
                    key={place.to}
                    component={Link}
                    to={place.to}
                    variant={current ? 'light' : 'subtle'}
                    aria-current={current ? 'page' : undefined}
                    px="sm"
                    styles={barButton}
                  >
                    {place.label}
                  </Button>
                );
              })}
            </Group>
          ) : (
            <Menu position="bottom-start" width={240}>
              <Menu.Target>
                <Button variant="light">Menu</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {SUPERVISOR_PLACES.map((place) => (
                  <Menu.Item key={place.to} component={Link} to={place.to} mih={44}>
                    {place.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item mih={44} onClick={leave}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" truncate maw={{ base: 140, sm: 260 }}>
              {username}
            </Text>
            {wide && (
              <Button variant="default" onClick={leave} px="sm" styles={barButton} flex="none">
                Sign out
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
