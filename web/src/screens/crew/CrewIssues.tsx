import { Alert, Button, List, Stack, Text } from '@mantine/core';

export interface CrewIssuesProps {
  issues: readonly string[];
  onRefresh(): void;
}

/** SPEC's red box: the crew's validation errors, with Refresh Status. */
export function CrewIssues({ issues, onRefresh }: CrewIssuesProps) {
  if (issues.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      title="Crew Assignment Issues:"
      data-testid="crew-issues"
    >
      <Stack gap="sm">
        <List size="md" spacing={4}>
          {issues.map((issue) => (
            <List.Item key={issue}>{issue}</List.Item>
          ))}
        </List>
        <Button
          color="red"
          variant="outline"
          onClick={onRefresh}
          style={{ alignSelf: 'flex-start' }}
        >
          Refresh Status
        </Button>
        <Text size="sm" c="dimmed">
          Click refresh after completing Shift Details
        </Text>
      </Stack>
    </Alert>
  );
}
