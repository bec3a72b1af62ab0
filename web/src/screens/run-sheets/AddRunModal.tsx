import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  DEFAULT_VARIABLE_STICK_UP,
  canAddRun,
  formatDepth,
  nextRunContext,
  previewNextRun,
  runInputSchema,
  type ReportHole,
  type RunInput,
} from '@plod/model';
import { useState } from 'react';

export interface AddRunModalProps {
  hole: ReportHole;
  opened: boolean;
  onClose(): void;
  /** Returns false when the run could not be saved (the modal then stays open). */
  onAdd(input: RunInput): boolean;
}

export function AddRunModal({ hole, opened, onClose, onAdd }: AddRunModalProps) {
  const runNumber = hole.startRunNumber + hole.runs.length;
  return (
    <Modal opened={opened} onClose={onClose} title={`Add Run #${runNumber}`} size="md">
      {/* Remounted on each opening, so every run starts from the defaults. */}
      {opened && <AddRunFields hole={hole} onClose={onClose} onAdd={onAdd} />}
    </Modal>
  );
}

function AddRunFields({ hole, onClose, onAdd }: Omit<AddRunModalProps, 'opened'>) {
  const [rodAdded, setRodAdded] = useState(true);
  const [stickUp, setStickUp] = useState(String(DEFAULT_VARIABLE_STICK_UP));
  const [oriToolUsed, setOriToolUsed] = useState(hole.hasOriExtension);
  const [notes, setNotes] = useState('');
  const parsed = runInputSchema.safeParse({
    style: 'run-sheet',
    rodAdded,
    stickUp: rodAdded ? stickUp : 0,
    oriToolUsed,
    notes,
  });
  const input = parsed.success ? parsed.data : null;
  const preview = input ? previewNextRun(hole.runs, hole, input) : null;
  const allowed = input !== null && canAddRun(input, nextRunContext(hole.runs, hole));
  return (
    <Stack gap="md">
      <Radio.Group
        label="Was a rod added?"
        size="md"
        value={rodAdded ? 'yes' : 'no'}
        onChange={(v) => setRodAdded(v === 'yes')}
      >
        <Stack gap="sm" mt="xs">
          <Radio value="yes" label="Yes - Rod Added" size="md" />
          <Radio value="no" label="No - No Rod" size="md" />
        </Stack>
      </Radio.Group>
      {rodAdded && (
        <TextInput
          label="Variable Stick-up (m)"
          size="md"
          inputMode="decimal"
          value={stickUp}
          onChange={(e) => setStickUp(e.currentTarget.value)}
          error={parsed.success ? null : 'Enter a stick-up of 0 or more'}
        />
      )}
      <Checkbox
        label="Ori Tool Used (+0.4m)"
        size="md"
        checked={oriToolUsed}
        onChange={(e) => setOriToolUsed(e.currentTarget.checked)}
      />
      <Textarea
        label="Notes"
        size="md"
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <Card withBorder bg="gray.0" data-testid="run-preview">
        <Text fw={700} mb={4}>
          Run Calculation
        </Text>
        {preview ? (
          <Stack gap={2}>
            <Text size="md">From: {formatDepth(preview.fromDepth)} m</Text>
            <Text size="md">To: {formatDepth(preview.toDepth)} m</Text>
            <Text size="md" fw={700}>
              Length: {formatDepth(preview.length)} m
            </Text>
          </Stack>
        ) : (
          <Text size="md" c="dimmed">
            Enter a stick-up to see the run.
          </Text>
        )}
      </Card>
      <Group grow>
        <Button size="lg" variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          size="lg"
          disabled={!allowed}
          onClick={() => {
            if (input && onAdd(input)) onClose();
          }}
        >
          Add Run
        </Button>
      </Group>
    </Stack>
  );
}
