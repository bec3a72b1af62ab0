import { Button, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { SCREEN_TILES } from '../routes/plod-screen-tiles';

// The order a crew works through a shift, so the next step is always the next button down: the
// plod's screens the menu lists (each at its plain route), then the whole report and the list.
const ITEMS: readonly { to: string; label: string; hint: string }[] = [
  ...SCREEN_TILES.flatMap(({ screen, label, menuHint }) =>
    menuHint === undefined ? [] : [{ to: `/${screen}`, label, hint: menuHint }],
  ),
  { to: '/drill-report-dashboard', label: 'Report Dashboard', hint: 'The whole report' },
  { to: '/shift-completion', label: 'Shift Completion', hint: 'Sign off and submit' },
  { to: '/plods', label: 'Saved Reports', hint: 'All plods on this device' },
];

export default function MainMenu() {
  return (
    <>
      <ScreenHeader title="Main Menu" backTo="/dashboard" backLabel="Dashboard" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="nav" aria-label="Shift report">
        {ITEMS.map((item) => (
          <Button
            key={item.to}
            component={Link}
            to={item.to}
            variant="default"
            h={72}
            justify="space-between"
            rightSection="›"
            styles={{ label: { flexDirection: 'column', alignItems: 'flex-start' } }}
          >
            <Text span fw={700} size="lg">
              {item.label}
            </Text>
            <Text span size="sm" c="dimmed">
              {item.hint}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </>
  );
}
