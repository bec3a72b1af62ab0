import type { ReportChange } from '@plod/model';
import type { ReportPart } from './parts.ts';
import { REPORT_PARTS } from './parts.ts';
import type { SessionPreview } from './preview.ts';
import type { EditSession } from './sessions.ts';

// What a supervisor reads when a decision cannot be made: in words, never an internal id.
export const ALREADY_DECIDED = 'These edits were already merged or discarded.';
export const PLOD_GONE = 'This plod no longer exists. Discard its edits.';
export const REFUSALS = {
  unreadable: 'These edits arrived damaged and cannot be merged. Discard them.',
  incomplete: 'These edits build on changes the server never received. Discard them.',
  gone: PLOD_GONE,
} as const;

/** The part of a kept edit a session needs. */
export interface SessionEdit {
  id: string;
  reportId: string | null;
  deviceId: string;
  deviceName: string;
  receivedAt: string;
  parts: ReportPart[];
}

/** A session as GET /api/late-edits/sessions lists it. */
export interface ReviewedSession {
  id: string;
  reportId: string | null;
  deviceId: string;
  deviceName: string;
  firstReceivedAt: string;
  lastReceivedAt: string;
  editIds: string[];
  parts: ReportPart[];
  /** What merging it does, before -> after. Empty when it changes nothing the plod shows. */
  changes: ReportChange[];
  /** Earlier sessions of the same phone it builds on: merging it merges them too. */
  mergesAlong: string[];
  /** Why it cannot be merged (only discarding is offered), or null. */
  cannotMerge: string | null;
}

export interface MergeResult {
  /** Ids of the edits merged. */
  merged: string[];
  /** Those merged along (waiting edits the targets build on). */
  alongside: string[];
}

export interface BulkResult {
  sessions: number;
  edits: number;
  /** Sessions left waiting, and why. */
  failed: { id: string; message: string }[];
}

/** A session with its preview, the edits merged along named by their sessions. */
export function reviewedSession<E extends SessionEdit>(
  session: EditSession<E & { docName: string }>,
  preview: Omit<SessionPreview, 'refusal'> & { refusal: keyof typeof REFUSALS | null },
  ofDoc: readonly EditSession<E & { docName: string }>[],
): ReviewedSession {
  const first = session.edits[0];
  const last = session.edits.at(-1);
  const parts = new Set(session.edits.flatMap((edit) => edit.parts));
  const along = new Set(preview.alongside);
  return {
    id: session.id,
    reportId: first?.reportId ?? null,
    deviceId: session.deviceId,
    deviceName: first?.deviceName ?? '',
    firstReceivedAt: first?.receivedAt ?? '',
    lastReceivedAt: last?.receivedAt ?? '',
    editIds: session.edits.map((edit) => edit.id),
    parts: REPORT_PARTS.filter((part) => parts.has(part)),
    changes: preview.changes,
    mergesAlong: ofDoc
      .filter((other) => other.id !== session.id && other.edits.some((e) => along.has(e.id)))
      .map((other) => other.id),
    cannotMerge: preview.refusal ? REFUSALS[preview.refusal] : null,
  };
}
