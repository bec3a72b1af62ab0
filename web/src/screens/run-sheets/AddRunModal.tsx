import { Modal, Text } from '@mantine/core';
import {
  formatDepth,
  nextRunContext,
  previewNextRun,
  type ReportHole,
  type RunInput,
} from '@plod/model';
import { RunForm, RunPreviewCard, type RunPreview } from './RunForm';

export interface AddRunModalProps {
  hole: ReportHole;
  opened: boolean;
  onClose(): void;
  /** Returns false when the run could not be saved (the modal then stays open). */
  onAdd(input: RunInput): boolean;
}

/** SPEC's Run Calculation card: where the run starts and ends, and its length. */
export function RunCalculation({ preview }: { preview: RunPreview | null }) {
  return (
    <RunPreviewCard title="Run Calculation" testId="run-preview">
      {preview && (
        <>
          <Text size="md">From: {formatDepth(preview.fromDepth)} m</Text>
          <Text size="md">To: {formatDepth(preview.toDepth)} m</Text>
          <Text size="md" fw={700}>
            Length: {formatDepth(preview.length)} m
          </Text>
        </>
      )}
    </RunPreviewCard>
  );
}

export function AddRunModal({ hole, opened, onClose, onAdd }: AddRunModalProps) {
  const runNumber = hole.startRunNumber + hole.runs.length;
  return (
    <Modal opened={opened} onClose={onClose} title={`Add Run #${runNumber}`} size="md">
      {/* Remounted on each opening, so every run starts from the defaults. */}
      {opened && (
        <RunForm
          style="run-sheet"
          context={nextRunContext(hole.runs, hole)}
          initial={{ oriToolUsed: hole.hasOriExtension }}
          targetDepth={hole.targetDepth}
          preview={(input) => previewNextRun(hole.runs, hole, input)}
          renderPreview={(preview) => <RunCalculation preview={preview} />}
          submitLabel="Add Run"
          onCancel={onClose}
          onSubmit={(input) => {
            const added = onAdd(input);
            if (added) onClose();
            return added;
          }}
        />
      )}
    </Modal>
  );
}
