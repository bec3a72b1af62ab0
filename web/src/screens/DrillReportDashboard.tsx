import { Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import type { PlodScreen } from '../routes/plod-paths';
import { useConnection } from '../sync';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { dateShiftLabel, shiftTimesLabel, siteRigLabel } from './report-common/format';
import { useReport } from './report-common/useReport';

const TILES: readonly { to: PlodScreen; label: string; hint: string }[] = [
  { to: 'shift-details', label: 'Shift Details', hint: 'Date, shift, site and rig' },
  { to: 'crew', label: 'Crew Assignment', hint: 'Drillers and offsiders' },
  { to: 'run-sheets', label: 'Run Sheets', hint: 'Holes and runs' },
  { to: 'timesheets', label: 'Timesheets', hint: 'Hours by activity' },
  { to: 'downtime', label: 'Downtime', hint: 'Standby and stoppages' },
  { to: 'consumables', label: 'Consumables', hint: 'Mud, additives, trays' },
  { to: 'survey', label: 'Survey Data', hint: 'Survey points' },
  { to: 'drill-site-maintenance', label: 'Maintenance', hint: 'Tasks and time' },
  { to: 'hire-tools', label: 'Hire Tools', hint: 'Tools and cost' },
  { to: 'bits', label: 'Bits', hint: 'Bit in and out, metres' },
  { to: 'photos', label: 'Photos', hint: 'Core trays, kept offline' },
  { to: 'complete-shift', label: 'Complete Shift', hint: 'Summary and sign-off' },
  { to: 'history', label: 'History', hint: 'Who changed what' },
];

const TITLE = 'Drill Report Dashboard';

export default function DrillReportDashboard() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { report, loading } = useReport(id);
  const { enabled, syncNow } = useConnection();
  const saveAndSync = () => {
    // Every change is already saved on the phone as it is made; this pushes it now if there is signal.
    syncNow();
    notifications.show({
      title: 'Saved',
      message: enabled
        ? 'Saved on this phone and sending to the server.'
        : 'Saved on this phone. It will sync when you go back online.',
    });
  };
  return (
    <>
      <ScreenHeader title={TITLE} backTo="/" backLabel="Back to Reports" />
      <PlodBar />
      <Card withBorder mb="md" data-testid="report-header">
        {loading ? (
          <Loader size="sm" />
        ) : (
          <Stack gap={4}>
            <Title order={2} fz={20}>
              {siteRigLabel(report)}
            </Title>
            <Text size="md">{dateShiftLabel(report)}</Text>
            <Text size="md">Operator: {report.summary.operator ?? 'Not assigned'}</Text>
            <Text size="md">Time: {shiftTimesLabel(report)}</Text>
          </Stack>
        )}
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
        {TILES.map((tile) => (
          <Card
            key={tile.to}
            component={Link}
            to={path(tile.to)}
            withBorder
            padding="md"
            mih={88}
            style={{ textDecoration: 'none' }}
          >
            <Text fw={700} size="md">
              {tile.label}
            </Text>
            <Text size="sm" c="dimmed">
              {tile.hint}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder data-testid="status-bar">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button size="lg" onClick={saveAndSync}>
            Save & Sync
          </Button>
          <Button size="lg" variant="light" component={Link} to={path('complete-shift')}>
            Export Report
          </Button>
        </SimpleGrid>
      </Card>
    </>
  );
}
