import { Card, Stack, Text } from '@mantine/core';
import { FIRST_RUN_BARREL_METRES, formatDepth, type ReportHole } from '@plod/model';

/** What will happen when the first run of this hole (in this plod) is added: nothing is automatic. */
export function RunsEmptyState({ hole, readOnly }: { hole: ReportHole; readOnly: boolean }) {
  let hint: string;
  if (readOnly) hint = 'No runs were recorded for this hole in this plod.';
  else if (hole.startRunNumber === 1)
    hint = `Tap Add New Run to record run 1: the ${FIRST_RUN_BARREL_METRES} m barrel less its stick-up and this hole's ${formatDepth(hole.constantStickUp)} m constant stick-up.`;
  else
    hint = `Tap Add New Run to record run ${hole.startRunNumber}, from ${formatDepth(hole.startDepth)} m where the hole was left.`;
  return (
    <Card withBorder ta="center" py="xl" data-testid="runs-empty">
      <Stack gap={4}>
        <Text fw={700} size="md">
          No runs recorded yet
        </Text>
        <Text size="md">{hint}</Text>
      </Stack>
    </Card>
  );
}
