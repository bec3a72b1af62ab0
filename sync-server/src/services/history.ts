import { describeHistory, fieldLabel, readReportHistory } from '@plod/model';
import type { ReportId } from '@plod/model';
import type { Principal } from '../auth/principal.ts';
import type { DocumentService } from './documents.ts';
import { checkSiteAccess } from './supervisor-desk.ts';
import type { ReferenceNames } from './reference.ts';

/**
 * A report's change history as `GET /api/shift-summaries/{id}/history` answers it: every change
 * (oldest first, in the order every replica holds them) with its words, and the fields whose latest
 * changes were made apart to different values.
 */
export async function reportHistory(
  docs: DocumentService,
  names: ReferenceNames,
  principal: Principal | null,
  id: ReportId,
) {
  const known = await names.names();
  const lookup = (key: string) => known.get(key) ?? null;
  const { entries, conflicts, removals } = await docs.readReport(id, (doc) => {
    // A client account reads the history of its own sites' plods only.
    checkSiteAccess(principal, doc);
    return readReportHistory(doc);
  });
  return {
    reportId: id,
    entries: describeHistory(entries, { site: lookup, rig: lookup }).map(
      ({ entry, group, text }) => ({ ...entry, group, text }),
    ),
    conflicts: conflicts.map((conflict) => ({
      section: conflict.section,
      entryId: conflict.entryId,
      field: conflict.field,
      label: fieldLabel(conflict.section, conflict.field),
      changeIds: conflict.changes.map((change) => change.id),
    })),
    removals: removals.map((conflict) => ({
      section: conflict.section,
      entryId: conflict.entryId,
      removalId: conflict.removal.id,
      changeIds: conflict.changes.map((change) => change.id),
    })),
  };
}
