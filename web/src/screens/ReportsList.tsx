import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { SyncControls } from '../components/SyncControls';

const APP_VERSION_LABEL = 'v2.1';

// PLACEHOLDER until model/ lands: the header's sync controls are real; the tabs, report cards and
// modals come with the report documents.
export default function ReportsList() {
  return (
    <>
      <ScreenHeader
        title="Plods"
        subtitle={
          <Group gap="xs" component="span">
            <Text span>Shift drill reports</Text>
            <Text span c="dimmed" size="sm">
              {APP_VERSION_LABEL}
            </Text>
          </Group>
        }
      />
      <Group mb="md" justify="space-between">
        <SyncControls />
        <Button component={Link} to="/site-config" variant="default">
          Config
        </Button>
      </Group>
      <SimpleGrid cols={2} spacing="sm" mb="md">
        <Button component={Link} to="/dashboard" size="xl">
          Dashboard
        </Button>
        <Button component={Link} to="/run-sheets" size="xl" variant="light">
          Run Sheets
        </Button>
      </SimpleGrid>
      <Alert color="gray" variant="light" title="Your reports" data-testid="screen-placeholder">
        Active, Sent and Deleted reports, New Report, Edit, Run Sheets and Export CSV arrive with
        the report documents.
      </Alert>
    </>
  );
}
