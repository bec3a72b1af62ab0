import type * as Y from 'yjs';
import { z } from 'zod';
import type { ShiftReportBundle } from '../bundle/bundle.ts';
import { setFields } from '../docs/entries.ts';
import { roundTo } from '../format/numbers.ts';
import { META, reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';

/** The CSV editor's edit card: the summary fields a person may correct before exporting. */
export interface CsvEdits {
  operator: string;
  site: string;
  rig: string;
  /** Text as typed; blank means "use the metres derived from the runs". */
  totalDepthDrilled: string;
  notes: string;
}

/** Shown when the typed total depth is not a number of metres. */
export const CSV_DEPTH_INVALID = 'Total depth must be a number of metres (0 or more)';

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Parsed edits: blank text becomes null (back to the derived or setup value). */
export const csvEditsSchema = z.object({
  operator: z.string().transform(blankToNull),
  site: z.string().transform(blankToNull),
  rig: z.string().transform(blankToNull),
  totalDepthDrilled: z.string().transform((text, ctx) => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const n = Number(trimmed);
    if (Number.isFinite(n) && n >= 0) return n;
    ctx.addIssue({ code: 'custom', message: CSV_DEPTH_INVALID });
    return z.NEVER;
  }),
  notes: z.string().transform((v) => (v.trim() === '' ? null : v)),
});
export type ParsedCsvEdits = z.infer<typeof csvEditsSchema>;

/** The edit card's starting values: what the export shows now. */
export function csvEditsOf(bundle: ShiftReportBundle): CsvEdits {
  const s = bundle.shiftSummary;
  return {
    operator: s.operator ?? '',
    site: s.site ?? '',
    rig: s.rig ?? '',
    totalDepthDrilled: String(s.totalDepthDrilled),
    notes: s.notes ?? '',
  };
}

/** The typed depth, or null when blank or not a valid number of metres. */
function parsedDepth(text: string): number | null {
  const result = csvEditsSchema.shape.totalDepthDrilled.safeParse(text);
  return result.success ? result.data : null;
}

/**
 * The bundle as it will be exported once the edits are saved: the same values the saved document
 * gives toBundle, including the average rate recomputed from the new depth.
 */
export function applyCsvEdits(bundle: ShiftReportBundle, edits: CsvEdits): ShiftReportBundle {
  const s = bundle.shiftSummary;
  const depth = parsedDepth(edits.totalDepthDrilled) ?? s.totalDepthDrilled;
  return {
    ...bundle,
    shiftSummary: {
      ...s,
      operator: blankToNull(edits.operator) ?? s.operator,
      site: blankToNull(edits.site) ?? s.site,
      rig: blankToNull(edits.rig) ?? s.rig,
      totalDepthDrilled: depth,
      avgRate: s.hoursWorked > 0 ? roundTo(depth / s.hoursWorked, 2) : 0,
      notes: edits.notes.trim() === '' ? null : edits.notes,
    },
  };
}

/**
 * Save the CSV editor's edits as overrides (operator, total depth, site and rig names) and notes, in one
 * transaction. `edits` holds the fields the person changed (absent ones were not touched, and are
 * never written, even if the copy on screen was older than the plod now); of those, only values that
 * differ from the current export are written, so an unchanged field keeps following its derived value
 * (runs, primary driller, setup names).
 */
export function saveCsvEdits(
  doc: Y.Doc,
  current: ShiftReportBundle,
  edits: Partial<CsvEdits>,
): void {
  const parsed = csvEditsSchema.partial().parse(edits);
  const s = current.shiftSummary;
  const overrides: Record<string, string | number> = {};
  if (parsed.operator != null && parsed.operator !== s.operator) {
    overrides.operator = parsed.operator;
  }
  if (parsed.site != null && parsed.site !== s.site) overrides.siteName = parsed.site;
  if (parsed.rig != null && parsed.rig !== s.rig) overrides.rigName = parsed.rig;
  if (parsed.totalDepthDrilled != null && parsed.totalDepthDrilled !== s.totalDepthDrilled) {
    overrides.totalDepthDrilled = parsed.totalDepthDrilled;
  }
  mutateReport(doc, () => {
    setFields(reportMap(doc, 'overrides'), overrides);
    if (parsed.notes !== undefined && parsed.notes !== s.notes) {
      reportMap(doc, 'meta').set(META.notes, parsed.notes);
    }
  });
}
