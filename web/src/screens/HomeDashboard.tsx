import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { formatClock, formatUsDate, shiftTypeAt } from '../lib/time';
import { useNow } from '../lib/useNow';

const CARDS: readonly { to: string; label: string; hint: string }[] = [
  { to: '/run-sheets', label: 'Run Sheets', hint: 'Holes and runs' },
  { to: '/timesheets', label: 'Timesheets', hint: 'Hours worked' },
  { to: '/plods', label: 'Plods', hint: 'Saved shift reports' },
  { to: '/shift-summary', label: 'Shift Summary', hint: 'Totals for the shift' },
  { to: '/reports', label: 'Reports', hint: 'Management reports' },
  { to: '/settings', label: 'Settings', hint: 'App preferences' },
];

function ShiftClock() {
  const now = useNow();
  const shift = shiftTypeAt(now);
  return (
    <Card>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={0}>
          <Text fz={36} fw={800} ff="monospace" lh={1.1} data-testid="clock-time">
            {formatClock(now)}
          </Text>
          <Text c="dimmed" data-testid="clock-date">
            {formatUsDate(now)}
          </Text>
        </Stack>
        <Badge size="xl" color={shift === 'day' ? 'yellow' : 'indigo'} variant="filled">
          {shift === 'day' ? 'DAY SHIFT' : 'NIGHT SHIFT'}
        </Badge>
      </Group>
    </Card>
  );
}

export default function HomeDashboard() {
  return (
    <>
      <ScreenHeader title="Drilling Operations" backTo="/" backLabel="Plods" />
      <Stack gap="md">
        <ShiftClock />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} to="/main-menu" size="xl">
            Continue Shift
          </Button>
          {/* A static page outside the app, so it opens in its own tab. */}
          <Button
            component="a"
            href="/DOWNLOAD-APK.html"
            target="_blank"
            rel="noopener"
            size="xl"
            variant="outline"
          >
            Download APK
          </Button>
        </SimpleGrid>
        {/* PLACEHOLDER until model/ lands: active hole with progress and the 6 m warning,
            Total Holes and Active Status, Active Saved Report, and the latest five saved reports. */}
        <Alert
          color="gray"
          variant="light"
          title="Holes and saved reports"
          data-testid="screen-placeholder"
        >
          The active hole, its progress and the latest saved reports will show here.
        </Alert>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="nav" aria-label="Operations">
          {CARDS.map((card) => (
            <Card
              key={card.to}
              component={Link}
              to={card.to}
              mih={96}
              style={{ textDecoration: 'none' }}
            >
              <Text fw={700} size="lg">
                {card.label}
              </Text>
              <Text size="sm" c="dimmed">
                {card.hint}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
