import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader';

/** A plain report route on a phone with no current plod: say so and send the crew to pick or start one. */
export function NoCurrentReport({ title }: { title: string }) {
  return (
    <>
      <ScreenHeader title={title} backTo="/" backLabel="Back to Plods" />
      <Alert color="yellow" variant="light" title="No report open" data-testid="no-current-report">
        <Stack gap="sm">
          <Text size="md">
            Open a plod from the Plods list, or start a New Report there, then come back here.
          </Text>
          <Button component={Link} to="/" size="md">
            Go to Plods
          </Button>
        </Stack>
      </Alert>
    </>
  );
}
