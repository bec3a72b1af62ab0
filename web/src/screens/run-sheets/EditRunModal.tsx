import { Modal } from '@mantine/core';
import {
  DEFAULT_VARIABLE_STICK_UP,
  asksStickUp,
  previewEditedRun,
  runContextIn,
  type DerivedRun,
  type ReportHole,
  type RunInput,
  type RunPatch,
} from '@plod/model';
import { RunCalculation } from './AddRunModal';
import { RunForm } from './RunForm';

export interface EditRunModalProps {
  hole: ReportHole;
  /** The run being corrected, or null when the modal is closed. */
  run: DerivedRun | null;
  onClose(): void;
  /** Returns false when the change could not be saved (the modal then stays open). */
  onSave(patch: RunPatch): boolean;
}

/** Only what the person changed (a stick-up the form does not ask for is not a change). */
function changedFields(run: DerivedRun, input: RunInput): RunPatch {
  const patch: RunPatch = {};
  if (input.rodAdded !== run.rodAdded) patch.rodAdded = input.rodAdded;
  if (asksStickUp(input) && input.stickUp !== run.stickUp) patch.stickUp = input.stickUp;
  if (input.oriToolUsed !== run.oriToolUsed) patch.oriToolUsed = input.oriToolUsed;
  if (input.notes !== run.notes) patch.notes = input.notes;
  if (input.recoveredLength !== run.recoveredLength) patch.recoveredLength = input.recoveredLength;
  return patch;
}

/** Correct a run: it is measured again where it was recorded; later runs move, keeping their lengths. */
export function EditRunModal({ hole, run, onClose, onSave }: EditRunModalProps) {
  const index = run ? hole.runs.findIndex((r) => r.id === run.id) : -1;
  return (
    <Modal
      opened={run !== null}
      onClose={onClose}
      title={run ? `Edit Run #${run.runNumber}` : 'Edit Run'}
      size="md"
    >
      {run && index >= 0 && (
        <RunForm
          key={run.id}
          style={run.style}
          context={runContextIn(hole.runs, index, hole)}
          initial={{
            rodAdded: run.rodAdded,
            stickUp: String(
              run.rodAdded || run.style === 'add-run' ? run.stickUp : DEFAULT_VARIABLE_STICK_UP,
            ),
            oriToolUsed: run.oriToolUsed,
            notes: run.notes ?? '',
            recoveredLength: run.recoveredLength === null ? '' : String(run.recoveredLength),
          }}
          targetDepth={hole.targetDepth}
          preview={(input) => previewEditedRun(hole.runs, index, hole, input)}
          renderPreview={(preview) => <RunCalculation preview={preview} />}
          submitLabel="Save Run"
          onCancel={onClose}
          onSubmit={(input) => {
            const saved = onSave(changedFields(run, input));
            if (saved) onClose();
            return saved;
          }}
        />
      )}
    </Modal>
  );
}
