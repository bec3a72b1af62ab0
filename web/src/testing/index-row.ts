import type { ReportsIndexRow } from '@plod/model';

/** A reports index row as a test needs it: an active day shift at North Pit, Rig 7, no figures. */
export function indexRow(id: string, fields: Partial<ReportsIndexRow> = {}): ReportsIndexRow {
  return {
    id,
    status: 'active',
    siteId: null,
    rigId: null,
    site: 'North Pit',
    rig: 'Rig 7',
    date: '2025-07-14',
    shiftType: 'day',
    operator: null,
    metres: 0,
    hours: 0,
    createdAt: null,
    updatedAt: null,
    ...fields,
  };
}
