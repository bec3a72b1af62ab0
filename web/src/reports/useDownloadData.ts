import { notifications } from '@mantine/notifications';
import { HOLES_DOC_NAME, REPORTS_INDEX_DOC_NAME, SETUP_DOC_NAME, reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { useState } from 'react';
import { downloadDocuments, useConnection, useSyncRuntime } from '../sync';
import { OFFLINE_MESSAGES } from './offline-messages';

/** How many of the newest reports Download Data brings onto the device. */
export const OFFLINE_RECENT_REPORTS = 20;

export { OFFLINE_MESSAGES };

/** What Download Data brings before the reports: sites, rigs, crew, tools, the holes, the plods list. */
const OFFLINE_DOC_NAMES = [SETUP_DOC_NAME, HOLES_DOC_NAME, REPORTS_INDEX_DOC_NAME];

export function offlineAlert(message: string, ok: boolean): void {
  notifications.show({ message, color: ok ? 'green' : 'red', title: ok ? 'Done' : 'Sync problem' });
}

export interface DownloadData {
  /** Percent done while downloading, else null. */
  progress: number | null;
  download(): Promise<void>;
}

/**
 * Download Data (SPEC 2 Offline Setup): stores the reference data and the newest reports on this
 * phone so they open with no signal, and says how it went.
 */
export function useDownloadData(recentReportIds: readonly string[]): DownloadData {
  const runtime = useSyncRuntime();
  const { enabled, browserOnline } = useConnection();
  const [progress, setProgress] = useState<number | null>(null);
  const download = async () => {
    if (!enabled || !browserOnline) {
      offlineAlert(OFFLINE_MESSAGES.downloadFailed, false);
      return;
    }
    try {
      setProgress(0);
      const reports = recentReportIds
        .slice(0, OFFLINE_RECENT_REPORTS)
        .map((id) => reportDocName(id as ReportId));
      const result = await downloadDocuments(runtime, [...OFFLINE_DOC_NAMES, ...reports], (p) =>
        setProgress(p.total === 0 ? 100 : (p.done / p.total) * 100),
      );
      const ok = result.failed.length === 0;
      offlineAlert(ok ? OFFLINE_MESSAGES.downloaded : OFFLINE_MESSAGES.downloadFailed, ok);
    } catch {
      offlineAlert(OFFLINE_MESSAGES.downloadError, false);
    } finally {
      setProgress(null);
    }
  };
  return { progress, download };
}
