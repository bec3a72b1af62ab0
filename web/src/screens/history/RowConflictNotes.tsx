import { Stack } from '@mantine/core';
import {
  PLOD_PARTS,
  fieldLabel,
  readReportHistory,
  type HistorySection,
  type PartInfo,
} from '@plod/model';
import { useDocSnapshot } from '../../sync';
import { ConflictNote } from './ConflictNote';

const rowNoun = (part: PartInfo): [HistorySection, string][] =>
  part.rowNoun === undefined ? [] : [[part.root, part.rowNoun]];

/** What one row of a section is, to name a field of it: "Time entry notes". */
const ROW_NOUNS: Partial<Record<HistorySection, string>> = {
  runs: 'Run',
  timesheet: 'Time entry',
  survey: 'Survey',
  ...Object.fromEntries(PLOD_PARTS.flatMap(rowNoun)),
  crew: 'Crew member',
  holes: 'Hole',
};

export interface RowConflictNotesProps {
  docName: string;
}

/**
 * A field of a row (a run's notes, a time entry's end) that two devices changed while apart: the
 * merged value is one of theirs, so every plod screen says so, naming the field, both devices and
 * when, until someone changes it again after seeing both. Tapping a note opens that field's history.
 * The plod's own fields have their note beside the field (ConflictNote).
 */
export function RowConflictNotes({ docName }: RowConflictNotesProps) {
  const history = useDocSnapshot(docName, readReportHistory);
  const conflicts = history.conflicts.filter((conflict) => conflict.entryId !== null);
  if (conflicts.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm" data-testid="row-conflicts">
      {conflicts.map((conflict) => (
        <ConflictNote
          key={`${conflict.section}/${conflict.entryId}/${conflict.field}`}
          docName={docName}
          section={conflict.section}
          field={conflict.field}
          entryId={conflict.entryId}
          subject={`${ROW_NOUNS[conflict.section] ?? 'Row'} ${fieldLabel(conflict.section, conflict.field).toLowerCase()}`}
        />
      ))}
    </Stack>
  );
}
