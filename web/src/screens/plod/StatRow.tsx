import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface Stat {
  label: string;
  value: string;
  color?: string;
  testId?: string;
}

/** The big numbers under a screen's title (totals the crew glance at). */
export function StatRow({ stats }: { stats: readonly Stat[] }) {
  return (
    // Four figures do not fit one phone row at a readable size: two by two there.
    <SimpleGrid
      cols={stats.length > 3 ? { base: 2, sm: stats.length } : stats.length}
      spacing="xs"
      mb="md"
    >
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder p="xs" radius="md" ta="center">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {stat.label}
          </Text>
          <Text fw={800} fz={20} c={stat.color} data-testid={stat.testId}>
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
