import { Badge, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import {
  formatDepth,
  formatPercent,
  recoveryTotal,
  recoveryWords,
  type RecoveryTotal,
  type ReportHole,
} from '@plod/model';
import { HoleFact } from './HoleFact';
import { NearTargetAlert } from './NearTargetAlert';

/**
 * ACTIVE/COMPLETE, progress, core recovery and the hole's set-up, all derived from its runs; with
 * `plodRecovery` (a plod of several holes), the recovery over all of them too.
 */
export function HoleStatusCard({
  hole,
  plodRecovery,
}: {
  hole: ReportHole;
  plodRecovery?: RecoveryTotal;
}) {
  const complete = hole.status === 'COMPLETE';
  return (
    <Card withBorder mb="md" data-testid="hole-status">
      <Group justify="space-between" mb="xs">
        <Text fw={700} size="lg">
          {hole.holeId}
        </Text>
        <Badge color={complete ? 'green' : 'blue'} size="lg">
          {hole.status}
        </Badge>
      </Group>
      <Progress
        value={hole.progress}
        color={complete ? 'green' : 'orange'}
        size="lg"
        mb={4}
        aria-label={`${hole.holeId} progress to target depth`}
      />
      <Text size="sm" mb="sm" data-testid="hole-depth">
        {formatDepth(hole.currentDepth)} m / {formatDepth(hole.targetDepth)} m (
        {formatPercent(hole.progress)})
      </Text>
      <NearTargetAlert hole={hole} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={hole.nearTarget ? 'sm' : 0}>
        <HoleFact strong label="Dip" value={`${hole.dip}°`} />
        <HoleFact strong label="Azimuth" value={`${hole.azimuth}°`} />
        <HoleFact strong label="Remaining" value={`${formatDepth(hole.remaining)} m`} />
        <HoleFact
          strong
          label="Constant stick-up"
          value={`${formatDepth(hole.constantStickUp)} m`}
        />
        <HoleFact strong label="Ori tool" value={hole.hasOriExtension ? 'Yes' : 'No'} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs" data-testid="core-recovery">
        <HoleFact
          strong
          label="Core recovery (hole)"
          value={recoveryWords(recoveryTotal(hole.runs))}
        />
        {plodRecovery && (
          <HoleFact strong label="Core recovery (plod)" value={recoveryWords(plodRecovery)} />
        )}
      </SimpleGrid>
    </Card>
  );
}
