import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Any path outside SPEC's route table. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Card mt="xl" maw={480} mx="auto" data-testid="not-found">
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={28}>
          404 Page Not Found
        </Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          There is no page at {pathname}.
        </Text>
        <Button component={Link} to="/" fullWidth>
          Go to Plods
        </Button>
      </Stack>
    </Card>
  );
}
