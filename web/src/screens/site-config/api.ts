import { notifications } from '@mantine/notifications';
import type { BundleShiftSummary } from '@plod/model';
import { ApiError, apiFetch, apiJson } from '../../auth';

/** SPEC 8 "Site config alerts". */
export const SITE_CONFIG_MESSAGES = {
  noCompleted: 'No completed reports available for export',
  exported: (n: number) => `Successfully exported ${n} completed reports`,
  exportFailed: 'Failed to export reports. Please try again.',
  cleanupFailed: 'Failed to cleanup old reports. Please try again.',
  invalidCredentials: 'Invalid credentials. Please try again.',
} as const;

/** Tells of a failed export: a yellow note where the site had no completed reports to export. */
export function notifyExportFailure(error: unknown) {
  const none =
    error instanceof ApiError && error.serverMessage === SITE_CONFIG_MESSAGES.noCompleted;
  notifications.show({
    color: none ? 'yellow' : 'red',
    message: none ? SITE_CONFIG_MESSAGES.noCompleted : SITE_CONFIG_MESSAGES.exportFailed,
  });
}

/** What POST /api/cleanup-deleted-reports answers. */
export interface CleanupResult {
  message: string;
  cleanedCount: number;
}

export interface CsvDownload {
  filename: string;
  text: string;
}

const sitePath = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`;

/** The site's completed (and sent) reports, newest first. */
export function fetchCompletedReports(siteId: string): Promise<BundleShiftSummary[]> {
  return apiJson<BundleShiftSummary[]>(`${sitePath(siteId)}/completed-reports`);
}

/** The filename the server gives in Content-Disposition, else a fallback. */
export function attachmentFilename(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * Every completed report of the site as one CSV file, as the server builds it; `query` (a plod
 * filter's `?from=...`) narrows it to the plods a list shows.
 */
export async function fetchSiteCsv(siteId: string, query = ''): Promise<CsvDownload> {
  const response = await apiFetch(`${sitePath(siteId)}/export-csv${query}`, {
    headers: { Accept: 'text/csv' },
  });
  return {
    filename: attachmentFilename(response.headers.get('Content-Disposition'), 'site-export.csv'),
    text: await response.text(),
  };
}

/** Removes the site's reports deleted longer ago than its cleanup days. */
export function cleanupDeletedReports(siteId: string): Promise<CleanupResult> {
  return apiJson<CleanupResult>(
    `/api/cleanup-deleted-reports?siteId=${encodeURIComponent(siteId)}`,
    { method: 'POST' },
  );
}

/** GET /api/cleanup-deleted-reports/last: the last daily automatic cleanup and the next run. */
export interface AutoCleanupState {
  last: {
    at: string;
    cleanedCount: number;
    sites: { siteId: string; cleanedCount: number }[];
    error: string | null;
  } | null;
  nextRunAt: string | null;
}

export function fetchAutoCleanup(): Promise<AutoCleanupState> {
  return apiJson<AutoCleanupState>('/api/cleanup-deleted-reports/last');
}

/** What the last automatic cleanup did for one site, in words. */
export function autoCleanupSummary(
  state: AutoCleanupState,
  siteId: string,
  enabled: boolean,
  format: (iso: string) => string,
): string {
  const next = state.nextRunAt ? ` Next run ${format(state.nextRunAt)}.` : '';
  if (!enabled) return 'Auto cleanup is off for this site.';
  const { last } = state;
  if (!last) return `Auto cleanup has not run yet.${next}`;
  const site = last.sites.find((s) => s.siteId === siteId);
  const when = format(last.at);
  if (last.error && !site) return `Auto cleanup on ${when} failed: ${last.error}.${next}`;
  const count = site?.cleanedCount ?? 0;
  return `Auto cleanup on ${when} removed ${count} ${count === 1 ? 'report' : 'reports'}.${next}`;
}
