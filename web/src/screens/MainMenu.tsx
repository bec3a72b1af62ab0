import { Button, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';

// The order a crew works through a shift, so the next step is always the next button down.
const ITEMS: readonly { to: string; label: string; hint: string }[] = [
  { to: '/shift-details', label: 'Shift Details', hint: 'Site, rig, date and times' },
  { to: '/crew', label: 'Crew Assignment', hint: 'Drillers and offsiders' },
  { to: '/run-sheets', label: 'Run Sheets', hint: 'Holes and runs' },
  { to: '/timesheets', label: 'Timesheets', hint: 'Hours by activity' },
  { to: '/survey', label: 'Survey Data', hint: 'Depth, azimuth, dip' },
  { to: '/drill-site-maintenance', label: 'Maintenance', hint: 'Rig and running gear' },
  { to: '/hire-tools', label: 'Hire Tools', hint: 'Tools, hours and cost' },
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
