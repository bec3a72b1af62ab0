import { Group, Paper, Stack, Text, Title } from '@mantine/core';

export interface Fact {
  label: string;
  value: string;
}

/** A titled card of label/value lines, as on a printed shift summary. */
export function FactList({
  title,
  facts,
  testId,
}: {
  title: string;
  facts: readonly Fact[];
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Title order={2} fz={20} mb="sm">
        {title}
      </Title>
      <Stack gap={6}>
        {facts.map((f) => (
          <Group key={f.label} justify="space-between" wrap="nowrap" gap="sm">
            <Text c="dimmed">{f.label}</Text>
            <Text fw={700} ta="right">
              {f.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
