import { Box, Button, Container, Group } from '@mantine/core';
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

/** Room the bar needs at the page's end (44 px button, its padding). */
const BAR_SPACE = 72;

/**
 * Undo for this phone's own recent changes to one plod, on every report screen: fixed to the bottom
 * edge, right-hand side, where a thumb reaches, and below the header's navigation, which it never
 * covers. The page ends with room for it, so at the end of the page it covers nothing; modals and
 * toasts sit above it. History starts when the plod is entered, and is dropped when it is left,
 * after UNDO_WINDOW_MS without a change, at a status change, and on reload.
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
    <>
      <Box h={BAR_SPACE} aria-hidden="true" />
      <Box
        pos="fixed"
        left={0}
        right={0}
        bottom={0}
        style={{
          // Above the page, below Mantine's modals (200) and toasts.
          zIndex: 150,
          // Only the button takes taps: the strip beside it lets them through to the page.
          pointerEvents: 'none',
          paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        }}
        role="region"
        aria-label="Undo"
        data-testid="undo-bar"
        // Toasts stand above a bar fixed to the bottom (app/toasts.css).
        data-bottom-bar
      >
        <Container size="md" px={{ base: 'sm', sm: 'lg' }}>
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
              style={{ boxShadow: 'var(--mantine-shadow-md)', pointerEvents: 'auto' }}
              // Long labels ("Undo: bit change deleted") wrap rather than being cut.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              onClick={() => tell(undo())}
            >
              Undo: {next.label}
            </Button>
          </Group>
        </Container>
      </Box>
    </>
  );
}
