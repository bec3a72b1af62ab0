import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SheetFact } from '@plod/model';

/**
 * Label and value pairs. A value a person overrode carries a marker and what the rows add up to,
 * so nobody mistakes a typed 12.5 m for the runs' 10.5 m.
 */
export function Facts({ facts, testId }: { facts: readonly SheetFact[]; testId?: string }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2 }}
      spacing="xs"
      verticalSpacing={6}
      data-testid={testId}
      className="plod-facts"
    >
      {facts.map((fact) => (
        <Group
          key={fact.label}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          align="flex-start"
          data-testid="fact"
        >
          <Text c="dimmed">{fact.label}</Text>
          <Stack gap={2} align="flex-end">
            <Group gap={6} wrap="nowrap">
              {fact.override && (
                <Badge color="red.9" variant="outline" data-testid="override-marker">
                  Overridden
                </Badge>
              )}
              <Text fw={700} ta="right">
                {fact.value}
              </Text>
            </Group>
            {fact.override && (
              <Text size="sm" c="red.9" ta="right" data-testid="override-note">
                ({fact.override.note})
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </SimpleGrid>
  );
}
