import { Badge, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDepth, formatPercent } from '@plod/model';
import { useState } from 'react';
import type { HoleCandidate } from './continue-hole';
import { HoleFact } from './HoleFact';
import { SETTING_LABELS, settingText } from './setting-text';

export interface ContinueHoleModalProps {
  opened: boolean;
  candidates: readonly HoleCandidate[];
  onClose(): void;
  onContinue(candidate: HoleCandidate): void;
}

export function ContinueHoleModal({
  opened,
  candidates,
  onClose,
  onContinue,
}: ContinueHoleModalProps) {
  const [holeId, setHoleId] = useState('');
  const chosen = candidates.find((c) => c.holeId === holeId);
  const complete = chosen?.status === 'COMPLETE';
  return (
    <Modal opened={opened} onClose={onClose} title="Continue Previous Hole">
      <Stack gap="md">
        <NativeSelect
          label="Hole"
          size="md"
          value={chosen ? holeId : ''}
          onChange={(e) => setHoleId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Select a hole' },
            ...candidates.map((c) => ({
              value: c.holeId,
              label: c.inReport ? `${c.holeId} (this plod)` : c.holeId,
            })),
          ]}
        />
        {candidates.length === 0 && (
          <Text c="dimmed" size="md">
            No holes yet. Start a new hole instead.
          </Text>
        )}
        {chosen && (
          <>
            <Group gap="xs">
              <Badge color={complete ? 'green' : 'blue'} size="lg">
                {chosen.status}
              </Badge>
              <Text size="md">{formatPercent(chosen.progress)} complete</Text>
            </Group>
            <SimpleGrid cols={2} spacing="xs" data-testid="continue-hole-details">
              <HoleFact label="Dip" value={`${chosen.dip}°`} />
              <HoleFact label="Azimuth" value={`${chosen.azimuth}°`} />
              <HoleFact label="Target" value={`${formatDepth(chosen.targetDepth)} m`} />
              <HoleFact label="Current depth" value={`${formatDepth(chosen.currentDepth)} m`} />
              <HoleFact label="Stick-up" value={`${formatDepth(chosen.constantStickUp)} m`} />
              <HoleFact label="Remaining" value={`${formatDepth(chosen.remaining)} m`} />
              <HoleFact label="Next run" value={`#${chosen.start.startRunNumber}`} />
            </SimpleGrid>
            {chosen.conflicts.length > 0 && (
              <Text size="md" data-testid="continue-hole-conflicts">
                Set up differently on two phones:{' '}
                {chosen.conflicts
                  .map(
                    (c) =>
                      `${SETTING_LABELS[c.setting].toLowerCase()} ${c.options
                        .map((o) => settingText(c.setting, o.value))
                        .join(' or ')}`,
                  )
                  .join('; ')}
                . Choose on Run Sheets once you continue.
              </Text>
            )}
          </>
        )}
        <Group grow>
          <Button size="lg" variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            size="lg"
            disabled={!chosen || complete}
            color={complete ? 'green' : undefined}
            onClick={() => chosen && onContinue(chosen)}
          >
            {complete ? 'Hole Complete' : 'Continue Drilling'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
