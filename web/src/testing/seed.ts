import {
  REPORTS_INDEX_DOC_NAME,
  ReportIds,
  createReport,
  reportDocName,
  setReportsIndexRows,
} from '@plod/model';
import type { ReportId, ReportsIndexRow, ShiftDetailsDraft } from '@plod/model';
import { PHONE_ROWS_DB_NAME } from '../reports/phone-rows';
import type { SyncRuntime } from '../sync';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('deleteDatabase failed'));
  });
}

/**
 * Empties the device copy of the reports index and the phone's own list of plods (fixed names, so
 * they outlive a test otherwise).
 */
export async function freshIndexedDb(): Promise<void> {
  await deleteDatabase(REPORTS_INDEX_DOC_NAME);
  await deleteDatabase(PHONE_ROWS_DB_NAME);
}

/** A report document on the device, as New Report would make it. */
export function seedReport(sync: SyncRuntime, shift: ShiftDetailsDraft = {}): ReportId {
  const id = ReportIds.create();
  sync.registry.mutate(reportDocName(id), createReport, { id, shift });
  return id;
}

/** Rows in the reports index, as the server's projector writes them. */
export function seedIndex(sync: SyncRuntime, rows: readonly Partial<ReportsIndexRow>[]): string[] {
  const full = rows.map((row, i): ReportsIndexRow => ({
    id: row.id ?? ReportIds.create(),
    status: 'active',
    siteId: null,
    rigId: null,
    site: 'North Pit',
    rig: 'Rig 7',
    date: `2025-07-${String(10 + i).padStart(2, '0')}`,
    shiftType: 'day',
    operator: null,
    metres: 0,
    hours: 0,
    createdAt: `2025-07-${String(10 + i).padStart(2, '0')}T06:00:00.000Z`,
    updatedAt: `2025-07-${String(10 + i).padStart(2, '0')}T06:00:00.000Z`,
    ...row,
  }));
  sync.registry.mutate(REPORTS_INDEX_DOC_NAME, setReportsIndexRows, full);
  return full.map((row) => row.id);
}
