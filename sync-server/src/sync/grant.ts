import type { CloseCode } from '../close-codes.ts';
import type { LiveDocument } from '../docs/live-document.ts';

export type Access = 'write' | 'read';

/**
 * Where a write socket's updates go when they must not reach the document: a late offline edit to a
 * report that was submitted meanwhile is kept aside for a supervisor, never dropped.
 */
export interface UpdateHold {
  /** Asked before each update is applied; true keeps this update aside instead. */
  shouldHold(live: LiveDocument): boolean;
  /**
   * Stores the update aside. It must be stored (committed) when this returns: the client's
   * durability barrier is answered after it, so the phone stops counting the edit as pending.
   * Throws UpdateRefused to close the socket with its code and reason (nothing was kept).
   */
  keep(docName: string, update: Uint8Array): void;
}

/** An update the server will not take from this socket now: the socket is closed with `code`. */
export class UpdateRefused extends Error {
  constructor(
    readonly code: CloseCode,
    /** Shown to the person (at most 123 bytes: a close frame's limit). */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'UpdateRefused';
  }
}

/** What an authorized socket may do with its document, and on whose behalf. */
export interface SyncGrant {
  access: Access;
  /**
   * Who the socket acts for (`session:{id}`, `device:{id}`). Revoking that subject closes its
   * open sockets (ConnectionRegistry.closeSubject).
   */
  subject?: string;
  /** Only with write access: updates that must be kept aside rather than applied. */
  hold?: UpdateHold;
  /** The crew device the socket is for, if any (named in the socket's log lines). */
  device?: { deviceId: string; deviceName: string };
  /** The client's address as a trusted proxy forwarded it; otherwise the socket's is used. */
  address?: string;
}

/** The upgrade's answer: a grant, or a refusal sent as HTTP 401/403 before the socket is accepted. */
export type SyncAccess = Access | 'deny' | 'unauthenticated';
export type SyncDecision = SyncAccess | SyncGrant;
export type AuthorizeHook = (
  request: Request,
  docName: string,
) => SyncDecision | Promise<SyncDecision>;

/** A bare access string as a grant with no subject. */
export function toGrant(decision: Access | SyncGrant): SyncGrant {
  return typeof decision === 'string' ? { access: decision } : decision;
}
