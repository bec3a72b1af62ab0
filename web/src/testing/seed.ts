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
import { indexRow } from './index-row';

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
  const full = rows.map((row, i) => {
    const day = `2025-07-${String(10 + i).padStart(2, '0')}`;
    const at = `${day}T06:00:00.000Z`;
    return indexRow(row.id ?? ReportIds.create(), {
      date: day,
      createdAt: at,
      updatedAt: at,
      ...row,
    });
  });
  sync.registry.mutate(REPORTS_INDEX_DOC_NAME, setReportsIndexRows, full);
  return full.map((row) => row.id);
}
