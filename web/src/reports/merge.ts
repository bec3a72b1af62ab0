import { sortIndexRows } from '@plod/model';
import type { ReportsIndexRow } from '@plod/model';

/**
 * The reports list: the server's index merged with reports read on this device. The device's copy
 * wins when it is at least as new (it may hold edits the server has not seen); the index wins when
 * another device changed the report since.
 */
export function mergeReportRows(
  index: readonly ReportsIndexRow[],
  local: readonly (ReportsIndexRow | null)[],
): ReportsIndexRow[] {
  // Most often nothing is read from this device: the index, already in order, is the list.
  if (local.every((row) => row === null)) return [...index];
  const byId = new Map<string, ReportsIndexRow>();
  for (const row of index) byId.set(row.id, row);
  for (const row of local) {
    if (!row) continue;
    const indexed = byId.get(row.id);
    if (!indexed || (row.updatedAt ?? '') >= (indexed.updatedAt ?? '')) byId.set(row.id, row);
  }
  return sortIndexRows([...byId.values()]);
}

/**
 * Which known reports to read from their own documents: those the index does not list yet (made
 * offline, or the index is not on this device) and those with unsent edits. The rest come from the
 * index alone, so the list never opens a connection per report.
 */
export function localReportIds(
  known: readonly string[],
  index: readonly ReportsIndexRow[],
  unsent: readonly string[],
): string[] {
  const listed = new Set(index.map((row) => row.id));
  const ids = new Set(known.filter((id) => !listed.has(id)));
  for (const id of unsent) ids.add(id);
  return [...ids];
}
