import { Box, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  UNDO_WINDOW_MS,
  createReportUndo,
  isReportReadOnly,
  readReport,
  type UndoOutcome,
} from '@plod/model';
import { useEffect } from 'react';
import { useDocSnapshot, useUndoHistory } from '../sync';

function tell(outcome: UndoOutcome | null): void {
  if (outcome?.kind === 'undone') {
    notifications.show({ title: 'Undone', message: `Undone: ${outcome.label}` });
  } else if (outcome?.kind === 'changed-since') {
    notifications.show({
      color: 'yellow',
      title: 'Not undone',
      message: `Could not undo "${outcome.label}": someone else has changed it since.`,
    });
  }
}

/**
 * Undo for this phone's own recent changes to one plod, at the foot of every report screen, where a
 * thumb reaches. It sits in the page's flow, stuck to the bottom edge while the page scrolls, so it
 * never covers the header's navigation, and at the end of the page covers nothing at all. History
 * starts when the plod is entered, and is dropped when it is left, after UNDO_WINDOW_MS without a
 * change, at a status change, and on reload.
 */
export function UndoBar({ docName }: { docName: string }) {
  const report = useDocSnapshot(docName, readReport);
  const { next, undo, expireBefore } = useUndoHistory(docName, createReportUndo);

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(
      () => expireBefore(Date.now() - UNDO_WINDOW_MS),
      Math.max(0, next.at + UNDO_WINDOW_MS - Date.now()) + 100,
    );
    return () => clearTimeout(timer);
  }, [next, expireBefore]);

  // Completed and submitted plods are read-only here: nothing to take back.
  if (!next || isReportReadOnly(report.status)) return null;
  return (
    <Box
      pos="sticky"
      bottom={0}
      pt="xs"
      style={{
        zIndex: 5,
        paddingBottom: 'calc(var(--mantine-spacing-xs) + env(safe-area-inset-bottom))',
      }}
      role="region"
      aria-label="Undo"
      data-testid="undo-bar"
    >
      <Group justify="flex-end">
        <Button
          size="md"
          color="dark"
          radius="xl"
          mih={44}
          h="auto"
          py={8}
          maw="100%"
          leftSection={<span aria-hidden="true">↶</span>}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          // Long labels wrap rather than being cut ("Undo: delete maintenance task").
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          onClick={() => tell(undo())}
        >
          Undo: {next.label}
        </Button>
      </Group>
    </Box>
  );
}
