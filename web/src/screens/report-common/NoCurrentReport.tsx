import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader';

/** A report screen opened with no report chosen: say so and send the crew to pick or start one. */
export function NoCurrentReport({ title }: { title: string }) {
  return (
    <>
      <ScreenHeader title={title} backTo="/" backLabel="Back to Reports" />
      <Alert color="yellow" variant="light" title="No report open" data-testid="no-current-report">
        <Stack gap="sm">
          <Text size="md">
            Open a report from the reports list, or start a new one, then come back here.
          </Text>
          <Button component={Link} to="/" size="md">
            Go to Reports
          </Button>
        </Stack>
      </Alert>
    </>
  );
}
