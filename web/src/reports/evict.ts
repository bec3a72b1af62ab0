import { reportDocName, type ReportId, type ReportsIndexRow } from '@plod/model';
import { getKnownReportIds, removeKnownReportIds } from '../session/known-reports';
import type { SyncRuntime } from '../sync';
import { storedPendingNames } from '../sync/pending';
import { deletePhoneRows, getPhoneRows } from './phone-rows';
import { plodsToLeave, type PlodOnPhone } from './retention';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`cannot delete ${name}`));
  });
}

/**
 * Lets the plods the retention rule (retention.ts) no longer keeps leave the phone: each one's own
 * database, its place among the plods made or opened here, its mark as had from the server and its
 * row in the phone's list. `rows`: every row known for them (the reports index's and the phone's
 * own). Checked again just before each deletion: a plod opened meanwhile stays. Resolves with the
 * ids that left.
 */
export async function letOldPlodsLeave(
  runtime: Pick<SyncRuntime, 'registry' | 'downloaded'>,
  rows: readonly ReportsIndexRow[],
  storage: Storage | null,
  now: number,
): Promise<string[]> {
  const known = new Set(getKnownReportIds());
  const listed = new Set((getPhoneRows() ?? []).map((row) => row.id));
  const held = (plod: PlodOnPhone) => known.has(plod.row.id) || runtime.downloaded.has(plod.name);
  // The plods on the phone, or listed from its own rows.
  const plods = rows
    .map((row) => ({ row, name: reportDocName(row.id as ReportId) }))
    .filter((plod) => held(plod) || listed.has(plod.row.id));
  const byName = new Map(plods.map((plod) => [plod.name, plod]));
  const state = () => ({
    now,
    unsent: new Set([...storedPendingNames(storage), ...runtime.registry.pendingDocNames()]),
    // A row with no document on the phone came from the server's index: nothing here to lose.
    fromServer: (name: string) => {
      const plod = byName.get(name);
      return runtime.downloaded.has(name) || (plod !== undefined && !held(plod));
    },
    open: (name: string) => runtime.registry.isOpen(name),
  });
  const gone: string[] = [];
  for (const plod of plodsToLeave(plods, state())) {
    // Asked again right before: an edit or an opening since the first look keeps it.
    if (plodsToLeave([plod], state()).length === 0) continue;
    if (held(plod)) {
      // Requested before any later opening of the plod, which then waits for it and starts empty
      // (and syncs from the server, which holds all of it).
      await deleteDatabase(plod.name);
      runtime.downloaded.forget(plod.name);
    }
    gone.push(plod.row.id);
  }
  removeKnownReportIds(gone);
  await deletePhoneRows(gone);
  return gone;
}
