import { Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { SCREEN_TILES } from '../routes/plod-screen-tiles';
import { useConnection } from '../sync';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { dateShiftLabel, shiftTimesLabel, siteRigLabel } from './report-common/format';
import { useReport } from './report-common/useReport';

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
        {SCREEN_TILES.map((tile) => (
          <Card
            key={tile.screen}
            component={Link}
            to={path(tile.screen)}
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
