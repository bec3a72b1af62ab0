import { Button, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';

/** SPEC's coming-soon pages (/grouting, /shift-summary, /reports, /settings). */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <ScreenHeader title={title} backTo="/dashboard" backLabel="Back to Dashboard" />
      <Card data-testid="coming-soon">
        <Stack gap="md">
          <Text size="lg" fw={600}>
            Coming soon
          </Text>
          <Text c="dimmed">
            {title} is not available yet. It will appear here in a later update.
          </Text>
          <Button component={Link} to="/dashboard" variant="light">
            Back to Dashboard
          </Button>
        </Stack>
      </Card>
    </>
  );
}
