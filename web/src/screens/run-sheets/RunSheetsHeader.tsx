import { ActionIcon, Button, Card, Group, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { formatClock, formatDepth } from '@plod/model';
import { Link } from 'react-router';
import { SyncToggle } from '../../components/SyncControls';
import { SyncIndicator } from '../../components/SyncIndicator';
import { useConnection } from '../../sync';

export interface RunSheetsHeaderProps {
  backTo: string;
  holeId: string | null;
  thisHoleMetres: number;
  shiftTotalMetres: number;
}

function Stat({
  label,
  value,
  testId,
  style,
}: {
  label: string;
  value: string;
  testId: string;
  style?: CSSProperties;
}) {
  return (
    <div style={style}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function RunSheetsHeader({
  backTo,
  holeId,
  thisHoleMetres,
  shiftTotalMetres,
}: RunSheetsHeaderProps) {
  const { lastSyncedAt } = useConnection();
  return (
    <header>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Button component={Link} to={backTo} variant="subtle" px="xs" leftSection="‹">
          Back to Dashboard
        </Button>
        <ActionIcon
          component={Link}
          to="/settings"
          variant="default"
          size={48}
          aria-label="Settings"
        >
          ⚙
        </ActionIcon>
      </Group>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="xs">
        Run Sheets
      </Title>
      <Card withBorder mb="md" padding="sm">
        {/* The hole id takes the whole line when it does not fit beside the metres, so it breaks
            only if it is longer than the card is wide ("DH-2026-" / "001" on a phone was a break
            inside an id that fits on a line of its own). The metres move down as a pair. */}
        <Group gap="xs" align="flex-start" justify="space-between">
          <Stat
            label="Hole"
            value={holeId ?? '-'}
            testId="header-hole"
            style={{ flex: '1 1 auto', minWidth: 0 }}
          />
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <Stat
              label="This Hole"
              value={`${formatDepth(thisHoleMetres)} m`}
              testId="header-hole-metres"
            />
            <Stat
              label="Shift Total"
              value={`${formatDepth(shiftTotalMetres)} m`}
              testId="header-shift-total"
            />
          </Group>
        </Group>
        <Group justify="space-between" wrap="nowrap" mt="xs" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <SyncIndicator />
            <Text size="xs" c="dimmed">
              Last synced: {lastSyncedAt ? formatClock(new Date(lastSyncedAt)) : 'not yet'}
            </Text>
          </Group>
          {/* Working with no signal on purpose (SPEC's online/offline in this header). */}
          <SyncToggle />
        </Group>
      </Card>
    </header>
  );
}
