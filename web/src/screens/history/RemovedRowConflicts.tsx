import { Button, Group, Stack, Text } from '@mantine/core';
import {
  canRestore,
  describeHistory,
  keepRemovedEntry,
  readReportHistory,
  readReportMeta,
  restoreRemovedEntry,
  type RemovalConflict,
} from '@plod/model';
import { useDocSnapshot, useMutation } from '../../sync';
import { canEditPlod, useEditor } from '../plod/access';
import { byLabel } from './format';

export interface RemovedRowConflictsProps {
  docName: string;
}

/**
 * A row deleted on one phone while another changed it (neither saw the other): the deletion won
 * everywhere, so the change would be gone unseen. Each such row is named with the change and who made
 * both, with "Restore" (the row comes back with the change) and "Keep deleted" (the change is let go).
 * Shown on every plod screen until someone decides; nothing when there is none.
 */
export function RemovedRowConflicts({ docName }: RemovedRowConflictsProps) {
  const history = useDocSnapshot(docName, readReportHistory);
  const status = useDocSnapshot(docName, (doc) => readReportMeta(doc).status);
  const editable = canEditPlod(status, useEditor());
  const restore = useMutation(docName, restoreRemovedEntry);
  const keep = useMutation(docName, keepRemovedEntry);
  if (history.removals.length === 0) return null;
  const words = new Map(
    describeHistory(history.entries).map((change) => [change.entry.id, change]),
  );
  return (
    <Stack gap="xs" mb="sm">
      {history.removals.map((conflict) => (
        <RemovalNote
          key={`${conflict.section}/${conflict.entryId}`}
          conflict={conflict}
          words={words}
          editable={editable}
          onRestore={() => restore(conflict)}
          onKeep={() => keep(conflict)}
        />
      ))}
    </Stack>
  );
}

function RemovalNote({
  conflict,
  words,
  editable,
  onRestore,
  onKeep,
}: {
  conflict: RemovalConflict;
  words: Map<string, ReturnType<typeof describeHistory>[number]>;
  editable: boolean;
  onRestore: () => void;
  onKeep: () => void;
}) {
  const removed = words.get(conflict.removal.id)?.text ?? 'A row was removed';
  const changed = conflict.changes.map((change) => words.get(change.id)?.text ?? change.field);
  const who = conflict.changes.map((change) => byLabel(change.actor));
  return (
    <Stack
      gap={6}
      p="sm"
      data-testid="removal-conflict"
      role="group"
      aria-label="Deleted while changed"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-yellow-0)',
        border: '1px solid var(--mantine-color-yellow-6)',
      }}
    >
      <Text size="sm" c="dark.8">
        ⚠ {removed} by {byLabel(conflict.removal.actor)}, while {[...new Set(who)].join(' and ')}{' '}
        changed it: {changed.join('; ')}.
      </Text>
      {editable ? (
        <Group gap="xs" grow>
          {canRestore(conflict) ? (
            <Button variant="filled" onClick={onRestore}>
              Restore
            </Button>
          ) : null}
          <Button variant="outline" onClick={onKeep}>
            Keep deleted
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
