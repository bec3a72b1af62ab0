import { notifications } from '@mantine/notifications';
import { ReportIds, defaultShiftTimes, reportDocName, shiftAt } from '@plod/model';
import type { ReportId } from '@plod/model';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { plodPath } from '../routes/plod-paths';
import { setCurrentReportId } from '../session/current-report';
import { addKnownReportId } from '../session/known-reports';
import { useDocMutator, useSyncRuntime } from '../sync';

export const CREATE_FAILED_MESSAGE =
  'Failed to create new report. Check your connection and try again.';

/**
 * New Report: makes the report document on this device at once (the id is made offline, nothing
 * waits on the server), remembers it, makes it the current report and opens its Drill Report
 * Dashboard (/plods/{id}), from which the crew fills in shift details first. The document's
 * write code is a separate chunk (precached by the service worker, loaded on the first tap), so the
 * reports list's first paint does not carry it.
 */
export function useNewReport(): () => Promise<ReportId | null> {
  const mutate = useDocMutator();
  const { registry } = useSyncRuntime();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const { createReport } = await import('./mutations');
      const id = ReportIds.create();
      const now = new Date();
      // The shift going on now, dated by its start (at 02:10 it is the previous day's night), with
      // that shift's times (a night shift runs 18:00 - 06:00).
      const { date, shiftType } = shiftAt(now);
      const name = reportDocName(id);
      mutate(name, createReport, {
        id,
        shift: { date, shiftType, ...defaultShiftTimes(shiftType) },
      });
      addKnownReportId(id);
      setCurrentReportId(id);
      // On the phone before it is shown: a reload (or the app closed) right after still has it.
      await registry.whenStored(name);
      await navigate(plodPath(id));
      return id;
    } catch {
      notifications.show({ color: 'red', title: 'New Report', message: CREATE_FAILED_MESSAGE });
      return null;
    }
  }, [mutate, navigate, registry]);
}
