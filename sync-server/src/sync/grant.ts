import type { CloseCode } from '../close-codes.ts';

export type Access = 'write' | 'read';

/**
 * An update the relay will not take from this socket now (thrown by a `beforeApply` hook): the socket
 * is closed with `code`.
 */
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
  /**
   * The device the socket is for, if any: named in the socket's log lines, and read by extensions
   * (`beforeApply`).
   */
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
