import { AUTO_SYNC_INTERVAL_MS } from '@plod/model';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiFetch, apiJson } from '../../auth';

/** An offline edit that reached the server after its report was submitted (GET /api/late-edits). */
export interface LateEdit {
  id: string;
  reportId: string;
  deviceId: string;
  deviceName: string;
  receivedAt: string | number;
  bytes: number;
  /** What the edit changes, e.g. ["runs", "timesheets"]. */
  parts: string[];
}

export function fetchLateEdits(): Promise<LateEdit[]> {
  return apiJson<LateEdit[]>('/api/late-edits');
}

/** Applies the held edit to its report. */
export async function mergeLateEdit(id: string): Promise<void> {
  await apiFetch(`/api/late-edits/${encodeURIComponent(id)}/merge`, { method: 'POST' });
}

/** Drops the held edit; the report stays as submitted. */
export async function discardLateEdit(id: string): Promise<void> {
  await apiFetch(`/api/late-edits/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface LateEditsState {
  /** null until the first answer. */
  edits: LateEdit[] | null;
  error: string | null;
  refresh: () => Promise<void>;
}

/** The late edits, fetched when online and again every 30 s (they arrive as phones reconnect). */
export function useLateEdits(online: boolean): LateEditsState {
  const [edits, setEdits] = useState<LateEdit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const next = await fetchLateEdits();
      setEdits(next);
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }, []);
  useEffect(() => {
    if (!online) return;
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), AUTO_SYNC_INTERVAL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [online, refresh]);
  return { edits, error, refresh };
}

const PART_LABELS: Readonly<Record<string, string>> = {
  shiftDetails: 'Shift details',
  summary: 'Summary figures',
  crew: 'Crew',
  holes: 'Holes',
  runs: 'Runs',
  timesheets: 'Timesheets',
  survey: 'Survey',
  maintenance: 'Maintenance',
  hireTools: 'Hire tools',
  notes: 'Notes',
  signOff: 'Sign-off',
  status: 'Status',
  other: 'Other',
};

/** A part of a report as the screens name it (the server sends ids such as "hireTools"). */
export function partLabel(part: string): string {
  return PART_LABELS[part] ?? part;
}
