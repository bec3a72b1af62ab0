import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { SheetHole } from '@plod/model';
import { Facts } from './Facts';
import { SheetTable } from './SheetTable';

/** One hole drilled this shift: where it stands, and its runs. */
export function HoleSection({ hole, asCards }: { hole: SheetHole; asCards: boolean }) {
  return (
    <Stack gap="sm" data-testid="report-hole" data-hole-id={hole.holeId}>
      <Group justify="space-between" align="baseline">
        <Title order={3} fz={18}>
          Hole {hole.holeId}
        </Title>
        <Text fw={700} c={hole.status === 'COMPLETE' ? 'green.9' : 'blue.9'}>
          {hole.status}
        </Text>
      </Group>
      <Progress
        value={hole.progress}
        color={hole.status === 'COMPLETE' ? 'green' : 'blue'}
        size="lg"
        aria-label={`${hole.holeId} progress`}
      />
      <Facts facts={hole.facts} />
      <SheetTable table={hole.runs} asCards={asCards} testId="report-runs" />
    </Stack>
  );
}
