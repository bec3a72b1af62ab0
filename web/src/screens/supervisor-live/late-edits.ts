import {
  AUTO_SYNC_INTERVAL_MS,
  matchesPlodFilter,
  type PlodFilter,
  type ReportsIndexRow,
} from '@plod/model';
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

/** Merges every waiting session, or those of the given plods only (each plod's oldest first). */
export function mergeAll(reportIds?: readonly string[]): Promise<BulkResult> {
  return bulk('merge-all', reportIds);
}

/** Discards every waiting session, or those of the given plods only. */
export function discardAll(reportIds?: readonly string[]): Promise<BulkResult> {
  return bulk('discard-all', reportIds);
}

async function bulk(
  action: 'merge-all' | 'discard-all',
  reportIds?: readonly string[],
): Promise<BulkResult> {
  if (reportIds === undefined) return apiJson<BulkResult>(`${base}/${action}`, { method: 'POST' });
  const total: BulkResult = { sessions: 0, edits: 0, failed: [] };
  // One plod at a time: the server orders each plod's sessions (an edit builds on earlier ones).
  for (const id of reportIds) {
    const one = await apiJson<BulkResult>(`${base}/${action}?reportId=${encodeURIComponent(id)}`, {
      method: 'POST',
    });
    total.sessions += one.sessions;
    total.edits += one.edits;
    total.failed.push(...one.failed);
  }
  return total;
}

/**
 * The plods Merge all and Discard all take: those of the sessions the supervisor is shown, so an
 * edit that reaches another plod while the confirmation is open (it says "the 1 waiting session")
 * waits to be seen. Undefined (the server takes every session) only when a shown session names no
 * plod and none is hidden.
 */
export function bulkScope(
  sessions: readonly LateEditSession[],
  hidden: number,
): string[] | undefined {
  const named = sessions.every((session) => session.reportId);
  if (!named && hidden === 0) return undefined;
  return [...new Set(sessions.flatMap((s) => (s.reportId ? [s.reportId] : [])))];
}

/**
 * The sessions on plods the list's filter shows. With no filter, every session; with one, a session
 * whose plod this browser does not know yet is left out (it cannot be told to match).
 */
export function sessionsShown(
  sessions: readonly LateEditSession[],
  filter: PlodFilter,
  plods: ReadonlyMap<string, ReportsIndexRow>,
): LateEditSession[] {
  if (Object.keys(filter).length === 0) return [...sessions];
  return sessions.filter((session) => {
    const plod = plods.get(session.reportId ?? '');
    return plod !== undefined && matchesPlodFilter(plod, filter);
  });
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
