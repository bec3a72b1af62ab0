import type { ReportsIndexRow } from '@plod/model';

/**
 * What a phone keeps. A plod stays on the phone while it is being worked on: not submitted (active,
 * completed, returned), or submitted with a shift in the last KEEP_DAYS days (one with no shift date
 * counts by its last change). A submitted (sent or approved) plod of an older shift may leave the
 * phone's storage, but only once the server holds all of it: the phone has had it from the server
 * and no edit of it is unsent (an edit made here keeps it until the server acknowledges it). The
 * shift date decides, not the last change: a supervisor approving a month of plods at once must not
 * make every phone keep them all again.
 * An open plod (a screen shows it) never leaves. A plod that left is still listed online through
 * "Show older" (from the server) and opens from the server; offline the list says it is not on the
 * phone.
 */
export const KEEP_DAYS = 14;

const SUBMITTED: ReadonlySet<ReportsIndexRow['status']> = new Set(['sent', 'approved']);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest shift date (ISO day) a phone keeps whatever its status: KEEP_DAYS before `now`. */
export function keepFromDay(now: number): string {
  return new Date(now - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a row is recent enough, or still worked on, to be kept and listed without asking. */
export function isKept(row: ReportsIndexRow, now: number): boolean {
  if (!SUBMITTED.has(row.status)) return true;
  const from = keepFromDay(now);
  return (row.date ?? (row.updatedAt ?? '').slice(0, 10)) >= from;
}

export interface PlodOnPhone {
  row: ReportsIndexRow;
  /** Its document's name. */
  name: string;
}

export interface RetentionState {
  now: number;
  /** Documents with local edits the server has not acknowledged. */
  unsent: ReadonlySet<string>;
  /** Documents this phone has had from the server (a completed handshake). */
  fromServer: (name: string) => boolean;
  /** Documents open on this phone now. */
  open: (name: string) => boolean;
}

/** Whether a plod may leave the phone's storage now (see KEEP_DAYS). */
export function mayLeave(plod: PlodOnPhone, state: RetentionState): boolean {
  if (isKept(plod.row, state.now)) return false;
  if (state.unsent.has(plod.name)) return false;
  if (!state.fromServer(plod.name)) return false;
  return !state.open(plod.name);
}

/** The plods that may leave the phone now, of those it holds. */
export function plodsToLeave(plods: readonly PlodOnPhone[], state: RetentionState): PlodOnPhone[] {
  return plods.filter((plod) => mayLeave(plod, state));
}
