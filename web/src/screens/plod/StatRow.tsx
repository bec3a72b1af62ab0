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
    <SimpleGrid cols={stats.length} spacing="xs" mb="md">
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
