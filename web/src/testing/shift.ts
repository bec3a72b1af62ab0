import type { RigId, ShiftDetailsDraft, SiteId } from '@plod/model';

/** The test plods' shift: a day shift on 14 July 2025 at North Pit, on Rig 7. */
export function dayShift(siteId: SiteId, rigId: RigId): ShiftDetailsDraft {
  return {
    date: '2025-07-14',
    shiftType: 'day',
    startTime: '06:00',
    endTime: '18:00',
    siteId,
    rigId,
    siteName: 'North Pit',
    rigName: 'Rig 7',
  };
}
