import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** A screen that failed to load or threw: say so and offer a way out, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Card mt="xl" maw={480} mx="auto" role="alert">
      <Stack align="center" ta="center">
        <Title order={1} fz={26}>
          This screen could not open
        </Title>
        <Text c="dimmed">{message}</Text>
        {/* A full page load: the router's state may be what broke. */}
        <Button component="a" href="/" fullWidth>
          Back to Plods
        </Button>
      </Stack>
    </Card>
  );
}
