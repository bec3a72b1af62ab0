import { Modal, Text, UnstyledButton, type MantineSpacing } from '@mantine/core';
import { conflictOf, fieldLabel, readReportHistory, type HistorySection } from '@plod/model';
import { useState } from 'react';
import { useDocSnapshot } from '../../sync';
import { ChangeHistory } from './ChangeHistory';
import { byLabel, whenLabel } from './format';
import { useWide } from '../../lib/useWide';

export interface ConflictNoteProps {
  docName: string;
  section: HistorySection;
  field: string;
  entryId?: string | null;
  /** What changed, where the note is not beside the field itself: "Time entry notes". */
  subject?: string;
  /** Space below the note, where the next element needs it. */
  mb?: MantineSpacing;
}

/**
 * Beside a field that two devices changed while apart (neither saw the other's change), so the
 * merged value that everyone now sees is one of them: "Changed by Ann on Pixel A at 10:02 and by Bob
 * on Pixel B at 10:05 while apart". Tapping it opens that field's history. Nothing when there is no
 * such conflict, or once someone has changed the field again after seeing both.
 */
export function ConflictNote({
  docName,
  section,
  field,
  entryId = null,
  subject,
  mb,
}: ConflictNoteProps) {
  const history = useDocSnapshot(docName, readReportHistory);
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const conflict = conflictOf(history.conflicts, section, field, entryId);
  if (!conflict) return null;
  const label = fieldLabel(section, field);
  const who = conflict.changes
    .map((change) => `by ${byLabel(change.actor)} on ${whenLabel(change.at)}`)
    .join(' and ');
  const text = `${subject ? `${subject} changed` : 'Changed'} ${who} while apart`;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        data-testid="conflict-note"
        mih={44}
        mb={mb}
        px="sm"
        py={6}
        style={{
          display: 'block',
          width: '100%',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-yellow-0)',
          border: '1px solid var(--mantine-color-yellow-6)',
        }}
      >
        <Text size="sm" c="dark.8">
          ⚠ {text}.{' '}
          <Text span size="sm" fw={700} td="underline">
            History
          </Text>
        </Text>
      </UnstyledButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`History: ${label}`}
        closeButtonProps={{ 'aria-label': 'Close history' }}
        fullScreen={!wide}
        size="xl"
      >
        <ChangeHistory history={history} focus={{ section, field, entryId }} />
      </Modal>
    </>
  );
}
