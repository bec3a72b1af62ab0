import { Badge, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import {
  formatDepth,
  formatPercent,
  recoveryTotal,
  recoveryWords,
  type RecoveryTotal,
  type ReportHole,
} from '@plod/model';
import { NearTargetAlert } from './NearTargetAlert';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="gray.8" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="md" fw={600}>
        {value}
      </Text>
    </div>
  );
}

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
        <Fact label="Dip" value={`${hole.dip}°`} />
        <Fact label="Azimuth" value={`${hole.azimuth}°`} />
        <Fact label="Remaining" value={`${formatDepth(hole.remaining)} m`} />
        <Fact label="Constant stick-up" value={`${formatDepth(hole.constantStickUp)} m`} />
        <Fact label="Ori tool" value={hole.hasOriExtension ? 'Yes' : 'No'} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs" data-testid="core-recovery">
        <Fact label="Core recovery (hole)" value={recoveryWords(recoveryTotal(hole.runs))} />
        {plodRecovery && <Fact label="Core recovery (plod)" value={recoveryWords(plodRecovery)} />}
      </SimpleGrid>
    </Card>
  );
}
