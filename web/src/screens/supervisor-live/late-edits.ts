import { AUTO_SYNC_INTERVAL_MS } from '@plod/model';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiFetch, apiJson } from '../../auth';

/** One phone's late edits to one plod, close together (GET /api/late-edits/sessions). */
export interface LateEditSession {
  id: string;
  reportId: string | null;
  deviceId: string;
  deviceName: string;
  firstReceivedAt: string;
  lastReceivedAt: string;
  editIds: string[];
  parts: string[];
  /** What merging it does, in words, before -> after. */
  changes: { part: string; text: string }[];
  /** Earlier sessions of the same phone it builds on: merging it merges them too. */
  mergesAlong: string[];
  /** Why it cannot be merged (only Discard is offered), or null. */
  cannotMerge: string | null;
}

export interface BulkResult {
  sessions: number;
  edits: number;
  failed: { id: string; message: string }[];
}

const base = '/api/late-edits';

export function fetchLateEditSessions(): Promise<LateEditSession[]> {
  return apiJson<LateEditSession[]>(`${base}/sessions`);
}

/** Merges a session's edits into their plod (with the earlier ones it builds on). */
export async function mergeSession(id: string): Promise<void> {
  await apiFetch(`${base}/sessions/${encodeURIComponent(id)}/merge`, { method: 'POST' });
}

/** Discards a session's edits: the plod stays as submitted. */
export async function discardSession(id: string): Promise<void> {
  await apiFetch(`${base}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function mergeAll(): Promise<BulkResult> {
  return apiJson<BulkResult>(`${base}/merge-all`, { method: 'POST' });
}

export function discardAll(): Promise<BulkResult> {
  return apiJson<BulkResult>(`${base}/discard-all`, { method: 'POST' });
}

/** What a failed request says to a supervisor: the server's sentence, never a status code. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== null && error.status < 500) {
    return error.serverMessage;
  }
  if (error instanceof ApiError && error.status === null) return error.serverMessage;
  return fallback;
}

export interface LateEditsState {
  /** null until the first answer. */
  sessions: LateEditSession[] | null;
  error: string | null;
  refresh: () => Promise<void>;
}

/** The waiting sessions, fetched when online and again every 30 s (they arrive as phones reconnect). */
export function useLateEditSessions(online: boolean): LateEditsState {
  const [sessions, setSessions] = useState<LateEditSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      setSessions(await fetchLateEditSessions());
      setError(null);
    } catch (failure) {
      setError(failureMessage(failure, 'Could not load the late edits. Try Refresh.'));
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
  return { sessions, error, refresh };
}
