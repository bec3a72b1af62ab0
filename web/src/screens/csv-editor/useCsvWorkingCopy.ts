import {
  applyCsvEdits,
  csvEditsOf,
  csvEditsSchema,
  type CsvEdits,
  type ShiftReportBundle,
} from '@plod/model';
import { bundleToCsv, csvFilename } from '@plod/model/csv';
import { useMemo, useState } from 'react';

export interface CsvWorkingCopy {
  edits: CsvEdits;
  /** The fields the person changed, and only those: what Save Changes writes. */
  changes: Partial<CsvEdits>;
  dirty: boolean;
  errors: Partial<Record<keyof CsvEdits, string>>;
  /** The export with the edits applied: what Download CSV saves. */
  preview: ShiftReportBundle;
  csv: string;
  defaultFilename: string;
  change: (field: keyof CsvEdits, value: string) => void;
  /** Forget the edits (after a save the document holds them). */
  clear: () => void;
}

/**
 * The CSV editor's working copy (SPEC 4): edits change a draft and mark it unsaved. The draft holds
 * only the fields the person changed; every other field follows the live report, so another phone's
 * change shows (and is never written back over) while someone edits.
 */
export function useCsvWorkingCopy(bundle: ShiftReportBundle): CsvWorkingCopy {
  const [draft, setDraft] = useState<Partial<CsvEdits> | null>(null);
  const base = useMemo(() => csvEditsOf(bundle), [bundle]);
  const edits = useMemo(() => (draft ? { ...base, ...draft } : base), [base, draft]);
  const preview = useMemo(() => applyCsvEdits(bundle, edits), [bundle, edits]);
  const csv = useMemo(() => bundleToCsv(preview), [preview]);
  const parsed = csvEditsSchema.safeParse(edits);
  const errors: CsvWorkingCopy['errors'] = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in edits)
        errors[field as keyof CsvEdits] = issue.message;
    }
  }
  return {
    edits,
    changes: draft ?? {},
    dirty: draft !== null,
    errors,
    preview,
    csv,
    defaultFilename: csvFilename(preview.shiftSummary),
    change: (field, value) => setDraft({ ...draft, [field]: value }),
    clear: () => setDraft(null),
  };
}
